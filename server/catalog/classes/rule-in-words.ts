import { pad2 } from '#server/catalog/calendar-date'

const DAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const

/** '07:00' as people read it: '7:00 AM'; '19:30' is '7:30 PM'. */
export function timeInWords(wallTime: string): string {
  const hours = Number(wallTime.slice(0, 2))
  const minutes = Number(wallTime.slice(3, 5))
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  return `${hour12}:${pad2(minutes)} ${hours < 12 ? 'AM' : 'PM'}`
}

/** ISO weekdays (1 Monday ... 7 Sunday) as 'Mon, Wed, Fri', in week order. */
export function weekdaysInWords(weekdays: readonly number[]): string {
  return [...new Set(weekdays)]
    .filter((day) => day >= 1 && day <= 7)
    .sort((a, b) => a - b)
    .map((day) => DAY_NAMES[day])
    .join(', ')
}

export interface RuleForWords {
  recurrence: 'weekly' | 'once'
  startDate: string
  startTime: string
  weekdays: readonly number[]
}

/** 'Mon, Wed, Fri at 7:00 AM' for a weekly rule; 'Once on 2026-03-09 at 7:30 PM' for a session. */
export function ruleInWords(rule: RuleForWords): string {
  if (rule.recurrence === 'once') return `Once on ${rule.startDate} at ${timeInWords(rule.startTime)}`
  return `${weekdaysInWords(rule.weekdays)} at ${timeInWords(rule.startTime)}`
}
