import { describe, expect, it } from 'vitest'
import { extractTags, generateTag } from '#server/shell/tags'

describe('extractTags', () => {
  it.each([
    { text: 'Hello {{firstname}}', tags: ['firstname'] },
    { text: 'Hello {{ firstname }}, see you {{date}}', tags: ['firstname', 'date'] },
    { text: '{{ first name }}', tags: ['first name'] },
    { text: '{{a}} and {{ a }} again', tags: ['a'] },
    { text: '{single} {{}} {{  }} { {x} }', tags: [] },
    { text: 'no tags here', tags: [] },
    { text: '{{{x}}}', tags: ['x'] },
  ])('only strings wrapped in double curly braces: $text', ({ text, tags }) => {
    expect(extractTags(text)).toEqual(tags)
  })
})

describe('generateTag', () => {
  it.each([
    { name: 'First Name', tag: 'firstname' },
    { name: 'Emergency-Contact #2', tag: 'emergencycontact2' },
    { name: 'Café', tag: 'cafe' },
    { name: '日本', tag: '' },
  ])('lowercase alphanumeric only: $name', ({ name, tag }) => {
    expect(generateTag(name)).toBe(tag)
  })
})
