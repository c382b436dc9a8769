import { data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isPublicScheduleShown } from '#server/catalog/public/public-item-gates'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PublicCalendar } from '#app/components/catalog/public-calendar'
import { PageHeader } from '#app/components/layout/page-header'
import { StaffShell } from '#app/components/layout/staff-shell'
import { PageNotFound, PublicLayout } from '#app/components/public-layout'
import { getSessionUser, returnPathOf } from '#app/utils/auth.server'
import { loadPublicPage, requireStaffArea, signedInShellFor } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { readsCachedData } from '#server/cache/cache-reads'
import { parseCalendarQuery } from '#server/catalog/schedule/calendar-query'
import { loadPublicCalendarPage } from '#server/catalog/schedule/public-calendar-page'
import { dateInputValue } from '#server/dates/local-time'
import { shareableLoaderHeaders, shareablePageHeaders } from '#server/http/page-cache'
import { longDateInLanguage } from '#server/dates/language-dates'
import { landingFor } from '#server/navigation/landing'
import { isStaffRole } from '#server/shell/roles'
import { notFoundHead } from '#app/components/layout/page-title'
import { tFor } from '#server/i18n/server-translator'
import type { I18nHandle } from '#app/utils/i18n'

/**
 * /calendar: the class schedule by week or month. Visitors see it in the public site (404 while
 * the tenant hides the schedule, isShowSchedule); staff and front desk land here after signing
 * in (spec 000) and see the same schedule in the back office; admins and students are sent to
 * their own home by the landing rules.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const now = new Date()
  const query = parseCalendarQuery(new URL(request.url).searchParams, {
    isShowCalenderView: tenant.settings.isShowCalenderView,
    today: dateInputValue(now, tenant.settings.timezone),
  })

  if (user && isStaffRole(user.role) && !user.isPreviewMode && !user.isStudentPreview) {
    const access = await requireStaffArea(request, context)
    const { headers, ...staff } = await signedInShellFor(request, context, { ...access, kind: 'staff' })
    const calendar = await loadPublicCalendarPage(context.platform.database, access.tenant, query, now, context.language)
    readsCachedData(context, 'catalog', 'tenant', 'site')
    return data({ kind: 'staff' as const, staff: { ...staff, title: tFor(context.language, 'portal')('calendar'), heading: longDateInLanguage(now, access.tenant.settings.timezone, context.language) }, calendar, public: null }, { headers })
  }

  const landing = user ? landingFor({ path: returnPathOf(request), user, tenant, pages: null }) : null
  if (landing?.kind === 'redirect') throw redirect(landing.to)
  const shown = isPublicScheduleShown(tenant.settings)
  const loaded = await loadPublicPage(context, { tenant, user, pageName: shown ? 'calendar' : null })
  if (!shown || landing?.kind === 'not-found') {
    return data({ kind: 'public' as const, staff: null, calendar: null, public: { shell: loaded.shell, title: '', feedTitle: '' } }, { status: 404 })
  }
  const calendar = await loadPublicCalendarPage(context.platform.database, tenant, query, now, context.language)
  readsCachedData(context, 'catalog', 'tenant', 'site')
  const title = loaded.page?.title || tFor(context.language, 'portal')('calendar')
  return data(
    { kind: 'public' as const, staff: null, calendar, public: { shell: loaded.shell, title, feedTitle: tFor(context.language, 'portal')('scheduleFeed') } },
    // Kept for visitors a few seconds, and never past the next class's start (it turns grey then).
    { headers: user ? undefined : shareablePageHeaders(request, { changesAt: calendar.nextChangeAt ? new Date(calendar.nextChangeAt) : null, now }) },
  )
}

export const handle: I18nHandle = { i18n: ['portal'] }

export const headers: HeadersFunction = shareableLoaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data?.calendar) return notFoundHead(matches)
  if (data.kind === 'staff') return [{ title: data.staff?.title ?? 'Calendar' }]
  const siteTitle = data.public?.shell.site.title ?? ''
  const title = `${data.public?.title ?? 'Calendar'} | ${siteTitle}`
  return [
    { title },
    { name: 'description', content: data.public?.shell.site.description ?? '' },
    { name: 'robots', content: 'index, follow' },
    { property: 'og:title', content: title },
    { tagName: 'link', rel: 'alternate', type: 'text/calendar', href: '/calendar.ics', title: data.public?.feedTitle ?? 'Class schedule (iCalendar)' },
  ]
}

export default function CalendarRoute() {
  const { t } = useTranslation('portal')
  const loaded = useLoaderData<typeof loader>()
  if (loaded.kind === 'staff' && loaded.staff) {
    const { shell, toast, sidebarFolded, session, title, heading } = loaded.staff
    return (
      <StaffShell shell={shell} toast={toast} sidebarFolded={sidebarFolded} session={session}>
        <PageHeader title={title} description={heading} />
        {loaded.calendar ? <PublicCalendar calendar={loaded.calendar} /> : null}
      </StaffShell>
    )
  }
  if (!loaded.public) return null
  return (
    <PublicLayout shell={loaded.public.shell}>
      {loaded.calendar ? (
        <>
          <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">{loaded.public.title}</h1>
          <PublicCalendar calendar={loaded.calendar} />
          <p className="mt-6 text-sm">
            <a href="/calendar.ics" className="font-medium text-brand-text underline-offset-2 hover:underline">
              {t('addScheduleToCalendarApp')}
            </a>
          </p>
        </>
      ) : (
        <PageNotFound />
      )}
    </PublicLayout>
  )
}
