import { describe, expect, it } from 'vitest'
import {
  ADMIN_ROUTES,
  PUBLIC_ROUTES,
  STUDENT_ROUTES,
  adminFallback,
  isAdminPath,
  isPublicPath,
  isStudentPath,
  studentFallback,
} from '#server/shell/route-tables'

describe('route tables', () => {
  it.each([
    { words: 'custom forms', table: ADMIN_ROUTES, path: '/customforms' },
    { words: 'email campaigns', table: ADMIN_ROUTES, path: '/campaign' },
    { words: 'question bank', table: ADMIN_ROUTES, path: '/qbank' },
    { words: 'tenant plan', table: ADMIN_ROUTES, path: '/tenantplan' },
    { words: 'public registration form', table: PUBLIC_ROUTES, path: '/pforms' },
    { words: 'preview register form', table: PUBLIC_ROUTES, path: '/introductory' },
    { words: 'checkout register form', table: PUBLIC_ROUTES, path: '/free' },
    { words: 'student invoice', table: PUBLIC_ROUTES, path: '/meminvoice' },
    { words: 'tenant plan', table: PUBLIC_ROUTES, path: '/tplan' },
    { words: 'media gallery', table: PUBLIC_ROUTES, path: '/mediagallery' },
    { words: 'my courses', table: STUDENT_ROUTES, path: '/mycourses' },
    { words: 'student assessments', table: STUDENT_ROUTES, path: '/student-assessments' },
  ])("maps the spec's '$words' to $path", ({ words, table, path }) => {
    expect((table as Record<string, string>)[words]).toBe(path)
  })

  it('has the fallbacks of spec 000 section 2', () => {
    expect(adminFallback).toBe('/dashboard')
    expect(studentFallback).toBe('/classes')
  })

  it.each([
    { path: '/calendar', isPublic: true, isAdmin: false, isStudent: false },
    { path: '/courses/details/9', isPublic: true, isAdmin: false, isStudent: false },
    { path: '/checkout/invoice/create', isPublic: true, isAdmin: false, isStudent: false },
    { path: '/forgot-password', isPublic: true, isAdmin: false, isStudent: false },
    { path: '/pforms/abc', isPublic: true, isAdmin: false, isStudent: true },
    { path: '/dashboard', isPublic: false, isAdmin: true, isStudent: false },
    { path: '/settings/integrations/zoom', isPublic: false, isAdmin: true, isStudent: false },
    { path: '/store/cart-checkout', isPublic: false, isAdmin: true, isStudent: true },
    { path: '/services', isPublic: false, isAdmin: true, isStudent: true },
    { path: '/memberships/new', isPublic: false, isAdmin: true, isStudent: false },
    { path: '/classes', isPublic: false, isAdmin: false, isStudent: true },
    { path: '/signup/1/2', isPublic: false, isAdmin: false, isStudent: true },
    { path: '/logout', isPublic: false, isAdmin: false, isStudent: true },
    { path: '/home', isPublic: false, isAdmin: false, isStudent: false },
    { path: '', isPublic: false, isAdmin: false, isStudent: false },
    { path: '/calendarx', isPublic: false, isAdmin: false, isStudent: false },
  ])('matches $path by its first segment', ({ path, isPublic, isAdmin, isStudent }) => {
    expect(isPublicPath(path)).toBe(isPublic)
    expect(isAdminPath(path)).toBe(isAdmin)
    expect(isStudentPath(path)).toBe(isStudent)
  })

  it('keeps the public table apart from the staff and student tables, except the shared form link', () => {
    const overlap = Object.values(PUBLIC_ROUTES).filter((path) => isAdminPath(path) || isStudentPath(path))
    expect(overlap).toEqual(['/pforms'])
  })
})
