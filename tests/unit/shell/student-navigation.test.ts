import { describe, expect, it } from 'vitest'
import { studentNavigationFor } from '#server/shell/student-navigation'

describe('studentNavigationFor', () => {
  it.each([
    { schedule: true, store: true, titles: ['Calendar', 'Courses', 'My Store', 'Assessments', 'My Files', 'Ada Lovelace'] },
    { schedule: false, store: true, titles: ['Courses', 'My Store', 'Assessments', 'My Files', 'Ada Lovelace'] },
    { schedule: true, store: false, titles: ['Calendar', 'Courses', 'Assessments', 'My Files', 'Ada Lovelace'] },
    { schedule: false, store: false, titles: ['Courses', 'Assessments', 'My Files', 'Ada Lovelace'] },
  ])(
    'Calendar only if the schedule menu flag is on ($schedule), My Store only if the store flag is on ($store)',
    ({ schedule, store, titles }) => {
      const menu = studentNavigationFor({ flags: { isShowScheduleMenu: schedule, isShowStoreMenu: store }, userName: 'Ada Lovelace' })
      expect(menu.map((item) => item.title)).toEqual(titles)
    },
  )

  it('links each item to its literal path', () => {
    const menu = studentNavigationFor({ flags: { isShowScheduleMenu: true, isShowStoreMenu: true }, userName: 'Ada' })
    expect(menu.map((item) => item.url ?? item.children?.map((child) => child.url))).toEqual([
      '/classes',
      '/mycourses',
      '/store',
      '/student-assessments',
      '/myfiles',
      ['/profile', '/logout'],
    ])
  })

  it('names the profile group with the user name, holding Profile and Logout', () => {
    const profile = studentNavigationFor({ flags: { isShowScheduleMenu: true, isShowStoreMenu: true }, userName: 'Ada' }).at(-1)
    expect(profile?.title).toBe('Ada')
    expect(profile?.children?.map((child) => child.title)).toEqual(['Profile', 'Logout'])
  })

  it('falls back to Profile as the group title when the user has no name', () => {
    const profile = studentNavigationFor({ flags: { isShowScheduleMenu: true, isShowStoreMenu: true }, userName: '  ' }).at(-1)
    expect(profile?.title).toBe('Profile')
  })
})
