import type { NavigationItem } from '#server/shell/navigation-item'
import { studentNavigationFor } from '#server/shell/student-navigation'
import type { Tenant } from '#server/tenancy/tenant'
import { isStudentPathAvailable } from './available-paths'

/** The student menu of spec 000 section 6, less the screens that are not built yet. */
export function studentMenuFor(input: { tenant: Tenant; userName: string }): NavigationItem[] {
  const menu = studentNavigationFor({
    flags: {
      isShowScheduleMenu: input.tenant.settings.isShowScheduleMenu,
      isShowStoreMenu: input.tenant.settings.isShowStoreMenu,
    },
    userName: input.userName,
  })
  return keepAvailable(menu)
}

function keepAvailable(items: readonly NavigationItem[]): NavigationItem[] {
  return items.flatMap((item): NavigationItem[] => {
    if (item.children) {
      const children = keepAvailable(item.children)
      return children.length > 0 ? [{ ...item, children }] : []
    }
    if (item.url && !item.externalUrl && !isStudentPathAvailable(item.url)) return []
    return [item]
  })
}
