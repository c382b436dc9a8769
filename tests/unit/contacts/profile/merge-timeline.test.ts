import { loginInstants, mergeTimeline, type TimelineEntry } from '#server/contacts/profile/merge-timeline'

const at = (iso: string) => new Date(iso)
const entry = (key: string, iso: string, kind: TimelineEntry['kind'] = 'activity'): TimelineEntry => ({ key, kind, at: at(iso), text: key })

describe('the timeline merge', () => {
  it('puts every source together newest first, a fixed order for the same instant', () => {
    const notes = [entry('note:b', '2026-11-20T10:00:00Z', 'note'), entry('note:a', '2026-11-01T10:00:00Z', 'note')]
    const emails = [entry('email:1', '2026-11-21T09:00:00Z', 'email')]
    const logins = [entry('login:x', '2026-11-20T10:00:00Z', 'login')]
    const { entries, hasMore } = mergeTimeline([notes, emails, logins], 10)
    expect(entries.map((e) => e.key)).toEqual(['email:1', 'login:x', 'note:b', 'note:a'])
    expect(hasMore).toBe(false)
  })

  it('keeps the newest `limit` and says there is more', () => {
    const many = Array.from({ length: 4 }, (_, index) => entry(`activity:${index}`, `2026-11-0${index + 1}T00:00:00Z`))
    const { entries, hasMore } = mergeTimeline([many.slice(0, 2), many.slice(2)], 3)
    expect(entries.map((e) => e.key)).toEqual(['activity:3', 'activity:2', 'activity:1'])
    expect(hasMore).toBe(true)
    expect(mergeTimeline([many], 4).hasMore).toBe(false)
  })

  it('leaves out an entry without a real time', () => {
    expect(mergeTimeline([[entry('activity:bad', 'not a date'), entry('activity:ok', '2026-01-01T00:00:00Z')]], 5).entries.map((e) => e.key)).toEqual(['activity:ok'])
  })
})

describe('sign-ins on the timeline', () => {
  it.each([
    ['no sign-in at all', [], null, []],
    ['the last sign-in without a session left', [], '2026-11-01T10:00:00Z', ['2026-11-01T10:00:00.000Z']],
    ['the last sign-in that is its session', ['2026-11-01T10:00:02Z'], '2026-11-01T10:00:00Z', ['2026-11-01T10:00:02.000Z']],
    ['an older session and a newer sign-in', ['2026-10-01T10:00:00Z'], '2026-11-01T10:00:00Z', ['2026-10-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z']],
  ])('%s', (_case, sessions, last, expected) => {
    expect(loginInstants(sessions.map(at), last ? at(last) : null).map((d) => d.toISOString())).toEqual(expected)
  })
})
