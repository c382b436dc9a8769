import { describe, expect, it } from 'vitest'
import {
  autoTagFor,
  TAG_FORMAT_MESSAGE,
  TAG_HINT,
  TAG_IN_USE_MESSAGE,
  TAG_TOO_LONG_MESSAGE,
  tagProblem,
} from '#server/custom-fields/tag-rules'

describe('custom field tag rules (spec 001 section 5)', () => {
  it.each([
    { tag: 'shirtsize', others: [], problem: null },
    { tag: 'size2', others: ['shirtsize'], problem: null },
    { tag: '', others: [], problem: TAG_FORMAT_MESSAGE },
    { tag: 'Shirt', others: [], problem: TAG_FORMAT_MESSAGE },
    { tag: 'shirt size', others: [], problem: TAG_FORMAT_MESSAGE },
    { tag: 'shirt_size', others: [], problem: TAG_FORMAT_MESSAGE },
    { tag: 'a'.repeat(25), others: [], problem: null },
    { tag: 'a'.repeat(26), others: [], problem: TAG_TOO_LONG_MESSAGE },
    { tag: 'shirtsize', others: ['other', 'shirtsize'], problem: TAG_IN_USE_MESSAGE },
  ])('$tag against $others', ({ tag, others, problem }) => {
    expect(tagProblem(tag, others)).toBe(problem)
  })

  it('uses the spec’s words', () => {
    expect(TAG_FORMAT_MESSAGE).toBe("Tag can't be empty and use lowercase without spaces")
    expect(TAG_TOO_LONG_MESSAGE).toBe('Tag cannot exceed 25 chars')
    expect(TAG_IN_USE_MESSAGE).toBe('Tag is already in use')
    expect(TAG_HINT).toBe('Only Lowercase Alphabets and Numbers are allowed')
  })
})

describe('tag generated from the name', () => {
  it.each([
    { name: 'T-Shirt Size', edited: false, tag: 'tshirtsize' },
    { name: 'Allergies?', edited: false, tag: 'allergies' },
    { name: 'x'.repeat(25), edited: false, tag: 'x'.repeat(25) },
    { name: 'x'.repeat(26), edited: false, tag: null },
    { name: 'Shirt Size', edited: true, tag: null },
  ])('$name (tag edited: $edited)', ({ name, edited, tag }) => {
    expect(autoTagFor(name, edited)).toBe(tag)
  })
})
