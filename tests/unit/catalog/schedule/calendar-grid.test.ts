import { calendarGrid, gridWindow, itemsByDay } from '#server/catalog/schedule/calendar-grid'
import { calendarHref, parseCalendarQuery } from '#server/catalog/schedule/calendar-query'

describe('the week grid', () => {
  it('is the Sunday-to-Saturday week holding the date, with links a week either side', () => {
    const grid = calendarGrid('week', '2026-11-25', '2026-11-24')
    expect(grid.weeks).toHaveLength(1)
    expect(grid.weeks[0]?.map((day) => day.date)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'])
    expect(grid.weeks[0]?.map((day) => day.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(grid.weeks[0]?.find((day) => day.isToday)?.date).toBe('2026-11-24')
    expect([grid.firstDay, grid.lastDay, grid.previousDate, grid.nextDate]).toEqual(['2026-11-22', '2026-11-28', '2026-11-18', '2026-12-02'])
    expect(grid.title).toBe('Nov 22 - 28, 2026')
  })

  it.each([
    ['within a month', '2026-11-10', 'Nov 8 - 14, 2026'],
    ['across months', '2026-12-01', 'Nov 29 - Dec 5, 2026'],
    ['across years', '2026-12-31', 'Dec 27, 2026 - Jan 2, 2027'],
  ])('has a title %s', (_label, date, title) => {
    expect(calendarGrid('week', date, date).title).toBe(title)
  })
})

describe('the month grid', () => {
  it('covers whole weeks from the Sunday before the 1st to the Saturday after the last day', () => {
    const grid = calendarGrid('month', '2026-11-24', '2026-11-24')
    expect(grid.title).toBe('November 2026')
    // November 2026 starts on a Sunday and ends on a Monday.
    expect(grid.weeks).toHaveLength(5)
    expect([grid.firstDay, grid.lastDay]).toEqual(['2026-11-01', '2026-12-05'])
    expect(grid.weeks.every((week) => week.length === 7 && week[0]?.weekday === 0)).toBe(true)
    expect(grid.weeks.flat().filter((day) => day.inRange)).toHaveLength(30)
    expect(grid.weeks[4]?.filter((day) => !day.inRange).map((day) => day.date)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'])
  })

  it.each([
    ['February 2026, four whole weeks', '2026-02-10', 4, '2026-02-01', '2026-02-28'],
    ['May 2026, six rows', '2026-05-31', 6, '2026-04-26', '2026-06-06'],
  ])('%s', (_label, date, rows, first, last) => {
    const grid = calendarGrid('month', date, date)
    expect(grid.weeks).toHaveLength(rows)
    expect([grid.firstDay, grid.lastDay]).toEqual([first, last])
  })

  it('moves a month at a time, keeping the day where the month has it', () => {
    expect(calendarGrid('month', '2026-01-31', '2026-01-31')).toMatchObject({ previousDate: '2025-12-31', nextDate: '2026-02-28' })
  })
})

describe('the grid as instants and by day', () => {
  it('runs from the first day’s midnight to the midnight after the last day in the zone, across a DST change', () => {
    const grid = calendarGrid('week', '2026-11-01', '2026-11-01')
    const window = gridWindow(grid, 'America/New_York')
    expect(window.from.toISOString()).toBe('2026-11-01T04:00:00.000Z') // EDT until 02:00 that day
    expect(window.to.toISOString()).toBe('2026-11-08T05:00:00.000Z') // EST
  })

  it('puts items on their day and leaves every other day empty', () => {
    const grid = calendarGrid('week', '2026-11-25', '2026-11-25')
    const byDay = itemsByDay(grid, [{ day: '2026-11-23', n: 1 }, { day: '2026-11-23', n: 2 }, { day: '2026-11-28', n: 3 }, { day: '2026-12-30', n: 4 }], (item) => item.day)
    expect([...byDay.keys()]).toHaveLength(7)
    expect(byDay.get('2026-11-23')?.map((item) => item.n)).toEqual([1, 2])
    expect(byDay.get('2026-11-28')?.map((item) => item.n)).toEqual([3])
    expect(byDay.get('2026-11-24')).toEqual([])
  })
})

describe('the calendar query', () => {
  const defaults = { isShowCalenderView: true, today: '2026-11-24' }
  it('takes the tenant’s view and today when nothing is asked (Monthly View when the setting is on)', () => {
    expect(parseCalendarQuery(new URLSearchParams(''), defaults)).toEqual({ view: 'month', date: '2026-11-24', classId: null, teacherId: null })
    expect(parseCalendarQuery(new URLSearchParams(''), { ...defaults, isShowCalenderView: false }).view).toBe('week')
  })

  it('reads a view, a date and filters', () => {
    expect(parseCalendarQuery(new URLSearchParams('view=week&date=2027-01-05&class=abc&teacher=t1'), defaults)).toEqual({ view: 'week', date: '2027-01-05', classId: 'abc', teacherId: 't1' })
  })

  it.each([
    ['an unknown view', 'view=year', { view: 'month' }],
    ['an impossible date', 'date=2026-02-30', { date: '2026-11-24' }],
    ['a malformed date', 'date=tomorrow', { date: '2026-11-24' }],
    ['empty filters', 'class=&teacher=', { classId: null, teacherId: null }],
    ['an over-long id', `class=${'x'.repeat(200)}`, { classId: null }],
  ])('falls back on %s', (_label, search, expected) => {
    expect(parseCalendarQuery(new URLSearchParams(search), defaults)).toMatchObject(expected)
  })

  it('builds links that keep the filters', () => {
    expect(calendarHref({ view: 'week', date: '2026-11-24', classId: 'c1', teacherId: null })).toBe('/calendar?view=week&date=2026-11-24&class=c1')
  })
})
