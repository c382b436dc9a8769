import { guardianLinkProblem, isInCareOf, type GuardianLink } from '#server/contacts/profile/guardian-link-rule'

// A family: gran looks after mum; mum looks after ann and bob; bob looks after baby.
const family: GuardianLink[] = [
  { guardianId: 'gran', childId: 'mum' },
  { guardianId: 'mum', childId: 'ann' },
  { guardianId: 'mum', childId: 'bob' },
  { guardianId: 'bob', childId: 'baby' },
]

describe('which guardian links are refused', () => {
  it.each([
    ['a contact as their own guardian', 'ann', 'ann', 'self'],
    ['the same pair again', 'mum', 'ann', 'duplicate'],
    ['the same pair the other way round', 'ann', 'mum', 'duplicate'],
    ['a child as the guardian of its own guardian, two steps up', 'ann', 'gran', 'cycle'],
    ['a grandchild as the guardian of its grandparent, three steps', 'baby', 'gran', 'cycle'],
    ['a child as the guardian of its own parent', 'baby', 'bob', 'duplicate'],
    ['a second guardian for a child', 'gran', 'ann', null],
    ['a sibling as guardian of a sibling', 'ann', 'bob', null],
    ['a new person as guardian of the eldest', 'grandpa', 'gran', null],
    ['the eldest as guardian of someone new', 'gran', 'stranger', null],
  ])('%s', (_case, guardian, child, expected) => {
    expect(guardianLinkProblem(guardian, child, family)).toBe(expected)
  })

  it('follows care downwards only, and stops on a loop already stored', () => {
    expect(isInCareOf('baby', 'gran', family)).toBe(true)
    expect(isInCareOf('gran', 'baby', family)).toBe(false)
    const looped = [...family, { guardianId: 'baby', childId: 'gran' }]
    expect(isInCareOf('stranger', 'gran', looped)).toBe(false)
  })
})
