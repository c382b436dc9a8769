import type { NavigationItem } from '#server/shell/navigation-item'

export type StudentNavigationInput = {
  flags: { isShowScheduleMenu: boolean; isShowStoreMenu: boolean }
  userName: string
}

/** The student menu of spec 000 section 6. */
export function studentNavigationFor(input: StudentNavigationInput): NavigationItem[] {
  const items: NavigationItem[] = []
  if (input.flags.isShowScheduleMenu) {
    items.push({ id: 'calendar', title: 'Calendar', type: 'item', icon: 'calendar_month', url: '/classes' })
  }
  items.push({ id: 'courses', title: 'Courses', type: 'item', icon: 'school', url: '/mycourses' })
  if (input.flags.isShowStoreMenu) {
    items.push({ id: 'store', title: 'My Store', type: 'item', icon: 'storefront', url: '/store' })
  }
  items.push({ id: 'assessments', title: 'Assessments', type: 'item', icon: 'quiz', url: '/student-assessments' })
  // 'my files' in spec 000's student routes.
  items.push({ id: 'myfiles', title: 'My Files', type: 'item', icon: 'folder', url: '/myfiles' })
  items.push({
    id: 'profile-group',
    // A group needs a visible heading even when the contact has no name yet.
    title: input.userName.trim() || 'Profile',
    // Collapsable: the student layout is horizontal, where a group is a dropdown.
    type: 'collapsable',
    icon: 'account_circle',
    children: [
      { id: 'profile', title: 'Profile', type: 'item', icon: 'person', url: '/profile' },
      { id: 'logout', title: 'Logout', type: 'item', icon: 'logout', url: '/logout' },
    ],
  })
  return items
}
