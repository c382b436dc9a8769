import { describe, expect, it } from 'vitest'
import { ROLES, isRole, isStaffRole, isStudentRole, roleLabel, roleTitle } from '#server/shell/roles'

describe('roles', () => {
  it('uses the role strings of spec 000 section 6', () => {
    expect(ROLES).toEqual(['ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_FRONTDESK', 'ROLE_STUDENT'])
  })

  it.each([
    { role: 'ROLE_ADMIN', staff: true, student: false },
    { role: 'ROLE_STAFF', staff: true, student: false },
    { role: 'ROLE_FRONTDESK', staff: true, student: false },
    { role: 'ROLE_STUDENT', staff: false, student: true },
    { role: 'ROLE_GUEST', staff: false, student: false },
    { role: 'role_admin', staff: false, student: false },
    { role: null, staff: false, student: false },
  ])('admin, staff and front desk count as staff; anyone else is public: $role', ({ role, staff, student }) => {
    expect(isStaffRole(role)).toBe(staff)
    expect(isStudentRole(role)).toBe(student)
    expect(isRole(role)).toBe(staff || student)
  })

  it.each([
    { role: 'ROLE_ADMIN', title: 'Admin' },
    { role: 'ROLE_STAFF', title: 'Staff' },
    { role: 'ROLE_FRONTDESK', title: 'Frontdesk' },
    { role: 'ROLE_STUDENT', title: 'Student' },
  ])('Users list: the role string without its first 5 characters, title-cased: $role', ({ role, title }) => {
    expect(roleTitle(role)).toBe(title)
  })

  it.each([
    { role: 'ROLE_ADMIN', label: 'Administrator' },
    { role: 'ROLE_STAFF', label: 'Staff' },
    { role: 'ROLE_FRONTDESK', label: 'FrontDesk' },
    { role: 'ROLE_STUDENT', label: 'Student' },
  ] as const)('User detail role toggle label: $role', ({ role, label }) => {
    expect(roleLabel(role)).toBe(label)
  })
})
