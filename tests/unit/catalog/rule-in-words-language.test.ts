import { ruleInWords, ruleInWordsIn, timeInWordsIn } from '#server/catalog/classes/rule-in-words'

const weekly = { recurrence: 'weekly' as const, startDate: '2026-03-02', startTime: '07:00', weekdays: [5, 1, 3] }
const once = { recurrence: 'once' as const, startDate: '2026-03-09', startTime: '19:30', weekdays: [] }

describe("a class rule in the page's language", () => {
  test.each([
    ['en', weekly, 'Mon, Wed, Fri at 7:00 AM'],
    ['en', once, 'Once on 2026-03-09 at 7:30 PM'],
    ['tr', weekly, 'Pzt, Çar, Cum 07:00'],
    ['tr', once, 'Tek sefer: 09 Mar 2026 19:30'],
  ] as const)('in %s, %o reads %s', (language, rule, words) => {
    expect(ruleInWordsIn(rule, language)).toBe(words)
  })

  test('English is the rule in words as before', () => {
    expect(ruleInWordsIn(weekly, 'en')).toBe(ruleInWords(weekly))
  })

  test.each([
    ['07:00', 'en', '7:00 AM'],
    ['19:30', 'en', '7:30 PM'],
    ['07:00', 'tr', '07:00'],
    ['19:30', 'tr', '19:30'],
  ] as const)('the wall time %s in %s is %s', (time, language, words) => {
    expect(timeInWordsIn(time, language)).toBe(words)
  })
})
