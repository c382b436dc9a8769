import type { AppLoadContext } from '@remix-run/node'
import type { InvoiceReader } from '#server/invoices/invoice-pdf-requests'
import { isStaffRole } from '#server/shell/roles'
import { getSessionUser } from './auth.server'
import { requireStaffArea, requireStudentArea, type AreaAccess } from './navigation.server'

export type InvoiceReaderAccess = AreaAccess & { kind: 'staff' | 'student'; reader: InvoiceReader }

/**
 * The guard of the invoice addresses staff and students share (/invoices is in both route
 * tables; the staff-or-student pattern of /store): staff of any role read every invoice of
 * their tenant; a student, or staff previewing the student portal, reads as that contact, so
 * only their own invoices. Visitors get the area guards' answer (sign in, or the 404 page).
 */
export async function requireInvoiceReader(request: Request, context: AppLoadContext): Promise<InvoiceReaderAccess> {
  const user = await getSessionUser(request, context)
  if (user && isStaffRole(user.role) && !user.isPreviewMode && !user.isStudentPreview) {
    const access = await requireStaffArea(request, context)
    return { ...access, kind: 'staff', reader: { kind: 'staff' } }
  }
  const access = await requireStudentArea(request, context)
  return { ...access, kind: 'student', reader: { kind: 'student', contactId: access.user.contactId } }
}
