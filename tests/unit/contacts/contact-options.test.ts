import { movedHighlight } from '#app/components/contacts/contact-options'

describe('the highlighted contact suggestion', () => {
  it.each([
    ['ArrowDown', -1, 3, 0],
    ['ArrowDown', 2, 3, 0],
    ['ArrowUp', -1, 3, 2],
    ['ArrowUp', 0, 3, 2],
    ['ArrowUp', 2, 3, 1],
    ['ArrowDown', -1, 0, null],
    ['Enter', 1, 3, null],
  ])('%s from %i of %i moves to %s', (key, current, count, expected) => {
    expect(movedHighlight(key, current, count)).toBe(expected)
  })
})
