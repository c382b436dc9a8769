import { CLASS_RULE_MESSAGES, classRuleSchema } from '#server/catalog/classes/class-rule-schema'
import { ruleInWords, timeInWords } from '#server/catalog/classes/rule-in-words'

const weekly = (fields: Record<string, unknown> = {}) => ({ recurrence: 'weekly', startDate: '2026-03-02', startTime: '07:00', weekdays: ['1', '3', '5'], ends: 'weeks', weeks: '12', ...fields })

function messages(input: Record<string, unknown>): Record<string, string[]> {
  const result = classRuleSchema.safeParse(input)
  if (result.success) return {}
  return result.error.flatten().fieldErrors as Record<string, string[]>
}

describe('the class rule schema', () => {
  it('accepts a weekly rule for N weeks and one until a date, and a one-off session', () => {
    expect(classRuleSchema.parse(weekly())).toEqual({ recurrence: 'weekly', startDate: '2026-03-02', startTime: '07:00', weekdays: [1, 3, 5], ends: { weeks: 12 } })
    expect(classRuleSchema.parse(weekly({ ends: 'until', untilDate: '2026-03-02', weekdays: ['7', '1', '1'] }))).toEqual({
      recurrence: 'weekly', startDate: '2026-03-02', startTime: '07:00', weekdays: [1, 7], ends: { until: '2026-03-02' },
    })
    expect(classRuleSchema.parse({ recurrence: 'once', startDate: '2026-03-20', startTime: '19:30', weekdays: ['2'] })).toEqual({ recurrence: 'once', startDate: '2026-03-20', startTime: '19:30' })
  })

  it.each([
    ['no weekdays', weekly({ weekdays: undefined }), 'weekdays', CLASS_RULE_MESSAGES.weekdays],
    ['a weekday out of range', weekly({ weekdays: ['8'] }), 'weekdays', CLASS_RULE_MESSAGES.weekdays],
    ['no start date', weekly({ startDate: undefined }), 'startDate', CLASS_RULE_MESSAGES.startDate],
    ['a date that does not exist', weekly({ startDate: '2026-02-30' }), 'startDate', CLASS_RULE_MESSAGES.startDate],
    ['a time in words', weekly({ startTime: '7am' }), 'startTime', CLASS_RULE_MESSAGES.startTime],
    ['a time past midnight', weekly({ startTime: '24:00' }), 'startTime', CLASS_RULE_MESSAGES.startTime],
    ['an end before the start', weekly({ ends: 'until', untilDate: '2026-03-01' }), 'untilDate', CLASS_RULE_MESSAGES.untilBeforeStart],
    ['no end date', weekly({ ends: 'until', untilDate: undefined }), 'untilDate', CLASS_RULE_MESSAGES.untilDate],
    ['0 weeks', weekly({ weeks: '0' }), 'weeks', CLASS_RULE_MESSAGES.weeks],
    ['105 weeks', weekly({ weeks: '105' }), 'weeks', CLASS_RULE_MESSAGES.weeks],
    ['weeks in words', weekly({ weeks: 'ten' }), 'weeks', CLASS_RULE_MESSAGES.weeks],
    ['no choice of end', weekly({ ends: undefined }), 'ends', CLASS_RULE_MESSAGES.ends],
    ['an unknown repeat', weekly({ recurrence: 'daily' }), 'recurrence', CLASS_RULE_MESSAGES.recurrence],
  ])('refuses %s with its message beside the field', (_name, input, field, message) => {
    expect(messages(input)[field]).toEqual([message])
  })

  it('needs no weekdays or end for a one-off session, only its date and time', () => {
    expect(messages({ recurrence: 'once', startDate: '2026-03-20', startTime: '19:30' })).toEqual({})
    expect(messages({ recurrence: 'once' })).toEqual({ startDate: [CLASS_RULE_MESSAGES.startDate], startTime: [CLASS_RULE_MESSAGES.startTime] })
  })

  it('accepts 1 and 104 weeks', () => {
    expect(messages(weekly({ weeks: '1' }))).toEqual({})
    expect(messages(weekly({ weeks: '104' }))).toEqual({})
  })
})

describe('a rule in words', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['07:00', '7:00 AM'],
    ['12:30', '12:30 PM'],
    ['19:05', '7:05 PM'],
  ])('%s reads %s', (time, words) => expect(timeInWords(time)).toBe(words))

  it('names the days in week order, and a session by its date', () => {
    expect(ruleInWords({ recurrence: 'weekly', startDate: '2026-03-02', startTime: '07:00', weekdays: [5, 1, 3] })).toBe('Mon, Wed, Fri at 7:00 AM')
    expect(ruleInWords({ recurrence: 'weekly', startDate: '2026-03-02', startTime: '18:30', weekdays: [7, 6] })).toBe('Sat, Sun at 6:30 PM')
    expect(ruleInWords({ recurrence: 'once', startDate: '2026-03-20', startTime: '19:30', weekdays: [] })).toBe('Once on 2026-03-20 at 7:30 PM')
  })
})
