import { describe, expect, it } from 'vitest'
import { firstSegment, splitPath } from '#server/shell/request-path'

describe('splitPath', () => {
  it.each([
    { path: '', pathname: '', search: '' },
    { path: '/', pathname: '', search: '' },
    { path: 'calendar', pathname: '/calendar', search: '' },
    { path: '/settings/users/', pathname: '/settings/users', search: '' },
    { path: '//a//b', pathname: '/a/b', search: '' },
    { path: '/signup/1/2?scheduleId=3#top', pathname: '/signup/1/2', search: '?scheduleId=3' },
    { path: '/?', pathname: '', search: '' },
  ])('$path', ({ path, pathname, search }) => {
    expect(splitPath(path)).toEqual({ pathname, search })
  })
})

describe('firstSegment', () => {
  it.each([
    { path: '', segment: '' },
    { path: '/Courses/details/1', segment: 'courses' },
    { path: 'pforms/abc?x=1', segment: 'pforms' },
  ])('$path', ({ path, segment }) => {
    expect(firstSegment(path)).toBe(segment)
  })
})
