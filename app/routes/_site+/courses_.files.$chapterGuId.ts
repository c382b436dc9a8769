import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { getSessionUser, returnPathOf } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { readChapterFile } from '#server/catalog/courses/chapter-files'
import { chapterFileFor } from '#server/catalog/courses/enrolments'
import { hasPermission } from '#server/auth/permissions'
import { forbidden, notFound } from '#server/errors/responses'
import { loginPathFor } from '#server/shell/landing-path'
import { isStaffRole } from '#server/shell/roles'

/**
 * /courses/files/{chapterGuid}: a file chapter's file, for staff who manage courses, students
 * enrolled in the course, and anyone for a demo chapter the course shows publicly. Files are
 * private (server/files/file-store.ts), never under /uploads.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  if (!tenant.settings.isShowCourses) throw notFound()
  const user = await getSessionUser(request, context)
  const isCourseStaff = Boolean(user && isStaffRole(user.role) && !user.isStudentPreview && hasPermission(tenant.settings.roles, user.role, 'showCourses'))
  const found = await chapterFileFor(context.platform, tenant, {
    unverifiedChapterGuid: params.chapterGuId ?? '',
    viewer: user ? { contactId: user.contactId, isCourseStaff } : null,
  })
  if (found.kind === 'not-found') throw notFound()
  if (found.kind === 'refused') {
    if (!user) throw redirect(loginPathFor(returnPathOf(request)))
    throw forbidden('Only students enrolled in this course can download its files.')
  }
  const bytes = await readChapterFile(context.platform, tenant.id, found.key)
  if (!bytes) throw notFound()
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename="${found.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(found.name)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
}
