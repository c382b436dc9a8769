import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CalendarDays, ClipboardList, Clock, FileText, Inbox, MessageSquare, Settings, Ticket, UserPlus, Users, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { PageHeader } from '#app/components/layout/page-header'
import { ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { DateText } from '#app/components/ui/date-text'
import { screenMeta } from '#app/components/layout/page-title'
import { FeedbackListDialog } from '#app/components/feedback/feedback-list-dialog'
import { NoticeBoard } from '#app/components/noticeboard/notice-board'
import { NoticeManageDialog, noticeViewHref, STAFF_BOARD_PATH } from '#app/components/noticeboard/notice-manage-dialog'
import { requireStaffArea } from '#app/utils/navigation.server'
import { isStaffBoardIntent, loadStaffBoard, staffBoardAction } from '#app/utils/staff-board.server'
import { notFound } from '#server/errors/responses'
import { NOTICE_MESSAGES } from '#server/noticeboard/notice-words'
import { hasPermission } from '#server/auth/permissions'
import { loadDashboard } from '#server/dashboard/load-dashboard'
import { loadDashboardCatalog } from '#server/dashboard/load-dashboard-catalog'
import { isStaffPathAvailable } from '#server/navigation/available-paths'
import { shownRelativeDay } from '#server/dates/tenant-dates'
import { shownDateIn } from '#server/dates/language-dates'
import { formatPattern } from '#server/dates/date-pattern'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import type { I18nHandle } from '#app/utils/i18n'
import { useTranslation } from 'react-i18next'
import { isModuleOn } from '#server/shell/modules'
import { isRole, roleTitle } from '#server/shell/roles'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Dashboard')

/** The dashboard's words come with it (the staff words of other screens stay on the server). */
export const handle: I18nHandle = { i18n: ['staff'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireStaffArea(request, context)
  const { tenant, user } = access
  const now = new Date()
  const showClasses = isModuleOn(tenant.settings, 'schedule')
  const showEvents = isModuleOn(tenant.settings, 'events')
  const [dashboard, catalog, staffBoard] = await Promise.all([
    loadDashboard(context.platform.database, tenant, now),
    loadDashboardCatalog(context.platform.database, tenant, { classes: showClasses, events: showEvents }, now),
    loadStaffBoard(context, access, new URL(request.url).searchParams),
  ])
  const language = context.language
  const t = tFor(language, 'staff')
  const daysAgo = (iso: string) => shownRelativeDay(iso, tenant.settings, now, language)
  const roleLabel = (role: string | null) => (isRole(role) ? t(`role_${role}`) : role ? roleTitle(role) : t('role_contact'))
  // Names and emails of contacts and submitters are contact data: only for those who may see
  // contacts (docs/decisions/056). The counts stay for everyone.
  const showsContacts = hasPermission(tenant.settings.roles, user.role, 'showContacts')
  return {
    title: t('dashboard'),
    staffBoard,
    noticeDeleteQuestion: translateMessage(language, NOTICE_MESSAGES.deleteConfirm),
    showsContacts,
    firstName: user.firstName,
    tenantName: tenant.name,
    dashboard: {
      ...dashboard,
      monthLabel: language === 'en' ? dashboard.monthLabel : formatPattern(now, tenant.settings.timezone, 'MMMM YYYY', language),
      recentContacts: (showsContacts ? dashboard.recentContacts : []).map((contact) => ({
        ...contact,
        roleLabel: roleLabel(contact.role),
        added: daysAgo(contact.createdAt),
      })),
      recentSubmissions: (showsContacts ? dashboard.recentSubmissions : []).map((submission) => ({ ...submission, received: daysAgo(submission.createdAt) })),
    },
    todaysClasses: catalog.todaysClasses?.map((occurrence) => ({
      ...occurrence,
      time: shownDateIn(occurrence.start, tenant.settings, 'time', language),
      isPast: new Date(occurrence.end).getTime() <= now.getTime(),
    })) ?? null,
    upcomingEvents: catalog.upcomingEvents?.map((event) => ({
      ...event,
      when: shownDateIn(event.startsAt, { ...tenant.settings, timezone: event.timeZone }, 'dateTime', language),
    })) ?? null,
    lastSignIn: shownDateIn(user.lastLoginAt, tenant.settings, 'dateTime', language),
    lastStaffActivity: shownDateIn(dashboard.lastStaffActivityAt, tenant.settings, 'dateTime', language),
    links: {
      contacts: showsContacts && isStaffPathAvailable('/contacts'),
      forms: isModuleOn(tenant.settings, 'forms') && isStaffPathAvailable('/customforms'),
      settings: user.role === 'ROLE_ADMIN' && isStaffPathAvailable('/settings'),
      calendar: showClasses,
      events: showEvents && isStaffPathAvailable('/rules'),
    },
  }
}

/** The notice board's manage dialog posts here (website spec 2.13). */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireStaffArea(request, context)
  const form = await request.formData()
  if (!isStaffBoardIntent(form.get('intent'))) throw notFound()
  return staffBoardAction(context, access, form)
}

export default function DashboardRoute() {
  const { firstName, tenantName, dashboard, todaysClasses, upcomingEvents, lastSignIn, lastStaffActivity, links, showsContacts, staffBoard, noticeDeleteQuestion } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  const { t } = useTranslation('staff')
  const { contacts, forms } = dashboard
  const manage = refused?.noticeForm
    ? { view: refused.noticeForm.id ? ('edit' as const) : ('add' as const), values: refused.noticeForm, errors: refused.noticeForm.errors }
    : staffBoard.manage
  return (
    <>
      <PageHeader
        title={firstName ? t('welcomeBackName', { name: firstName }) : t('welcomeBack')}
        description={t('howDoing', { tenant: tenantName, month: dashboard.monthLabel })}
        actions={
          <>
            <ButtonLink to={`${STAFF_BOARD_PATH}?feedback=list`} variant="secondary" preventScrollReset>
              <MessageSquare aria-hidden className="h-4 w-4" /> {t('feedback')}
            </ButtonLink>
            {links.settings ? (
              <ButtonLink to="/settings" variant="secondary">
                <Settings aria-hidden className="h-4 w-4" /> {t('settings')}
              </ButtonLink>
            ) : null}
          </>
        }
      />
      <div className="mb-6">
        <NoticeBoard
          notices={staffBoard.board.notices}
          quotes={staffBoard.board.quotes}
          manageHref={noticeViewHref.list(STAFF_BOARD_PATH)}
          words={{ title: t('board_title'), manage: t('board_manage'), notices: t('board_notices'), quotes: t('board_quotes'), noNotices: t('board_noNotices'), noQuotes: t('board_noQuotes') }}
        />
      </div>
      {manage ? <NoticeManageDialog state={manage} base={STAFF_BOARD_PATH} deleteQuestion={noticeDeleteQuestion} /> : null}
      {staffBoard.feedback ? <FeedbackListDialog state={staffBoard.feedback} base={STAFF_BOARD_PATH} closeTo={STAFF_BOARD_PATH} /> : null}

      <section aria-label={t('figures')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure id="Contacts" icon={Users} label={t('contacts')} value={contacts.total} detail={t('studentsAndStaff', { students: contacts.students, staff: contacts.staff })} />
        <Figure id="New contacts this month" icon={UserPlus} label={t('newContactsThisMonth')} value={contacts.newThisMonth} detail={dashboard.monthLabel} />
        <Figure id="Form submissions" icon={Inbox} label={t('formSubmissions')} value={forms.submissions} detail={t('countThisMonth', { count: forms.submissionsThisMonth })} />
        <Figure id="Published forms" icon={ClipboardList} label={t('publishedForms')} value={forms.published} detail={t('formsOpen', { count: forms.published })} />
      </section>

      {todaysClasses || upcomingEvents ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {todaysClasses ? (
            <Panel title={t('todaysClasses')} link={links.calendar ? { to: '/calendar?view=week', label: t('calendar') } : null}>
              {todaysClasses.length === 0 ? (
                <p className="px-5 py-8 text-center text-sm text-slate-500">{t('noClassesToday')}</p>
              ) : (
                <ul className="divide-y divide-slate-100" data-testid="todays-classes">
                  {todaysClasses.map((occurrence) => (
                    <li key={occurrence.id} className={`flex items-center gap-3 px-5 py-3 ${occurrence.isPast || occurrence.cancelled ? 'text-slate-500' : ''}`}>
                      <CalendarDays aria-hidden className="h-5 w-5 shrink-0 text-slate-400" />
                      <p className="w-20 shrink-0 text-sm tabular-nums"><DateText value={occurrence.time} /></p>
                      <div className="min-w-0 flex-1">
                        <p className={`truncate text-sm font-medium ${occurrence.isPast || occurrence.cancelled ? '' : 'text-slate-900'}`}>
                          {occurrence.className}
                          {occurrence.cancelled ? <span className="ml-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700">{t('cancelled')}</span> : null}
                        </p>
                        <p className="truncate text-xs text-slate-500">{[occurrence.teacherName, occurrence.roomName].filter(Boolean).join(' · ') || t('noTeacherSet')}</p>
                      </div>
                      <p className="text-xs tabular-nums text-slate-500">
                        {occurrence.capacity === null ? t('booked', { count: occurrence.bookedCount }) : t('bookedOf', { count: occurrence.bookedCount, capacity: occurrence.capacity })}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          ) : null}
          {upcomingEvents ? (
            <Panel title={t('upcomingEvents')} link={links.events ? { to: '/rules', label: t('allEvents') } : null}>
              {upcomingEvents.length === 0 ? (
                <p className="px-5 py-8 text-center text-sm text-slate-500">{t('noUpcomingEvents')}</p>
              ) : (
                <ul className="divide-y divide-slate-100" data-testid="upcoming-events">
                  {upcomingEvents.map((event) => (
                    <li key={event.guid} className="flex items-center gap-3 px-5 py-3">
                      <Ticket aria-hidden className="h-5 w-5 shrink-0 text-slate-400" />
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-sm font-medium text-slate-900">
                          {event.name}
                          {event.isPublished ? null : <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">{t('draft')}</span>}
                        </p>
                        <p className="truncate text-xs text-slate-500"><DateText value={event.when} /></p>
                      </div>
                      <p className="text-xs tabular-nums text-slate-500">
                        {event.capacity === null ? t('registered', { count: event.registeredCount }) : t('registeredOf', { count: event.registeredCount, capacity: event.capacity })}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          ) : null}
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Panel title={t('newestContacts')} link={links.contacts ? { to: '/contacts', label: t('allContacts') } : null}>
          {!showsContacts ? (
            <p className="px-5 py-8 text-center text-sm text-slate-500">{t('noContactAccess')}</p>
          ) : dashboard.recentContacts.length === 0 ? (
            <p className="px-5 py-8 text-center text-sm text-slate-500">{t('noContactsYet')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {dashboard.recentContacts.map((contact) => (
                <li key={contact.guid} className="flex items-center gap-3 px-5 py-3">
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-600">
                    {contact.name.charAt(0).toUpperCase()}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{contact.name}</p>
                    <p className="truncate text-xs text-slate-500">{contact.email ?? t('noEmail')}</p>
                  </div>
                  <div className="text-right">
                    <span className="inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{contact.roleLabel}</span>
                    <p className="mt-0.5 text-xs text-slate-500"><DateText value={contact.added} /></p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Panel>

        <Panel title={t('latestSubmissions')} link={links.forms ? { to: '/customforms', label: t('allForms') } : null}>
          {!showsContacts ? (
            <p className="px-5 py-8 text-center text-sm text-slate-500">{t('noContactAccess')}</p>
          ) : dashboard.recentSubmissions.length === 0 ? (
            <p className="px-5 py-8 text-center text-sm text-slate-500">{t('noSubmissionsYet')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {dashboard.recentSubmissions.map((submission) => (
                <li key={submission.id} className="flex items-center gap-3 px-5 py-3">
                  <FileText aria-hidden className="h-5 w-5 shrink-0 text-slate-400" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{submission.name}</p>
                    <p className="truncate text-xs text-slate-500">{submission.formName}</p>
                  </div>
                  <p className="text-xs text-slate-500"><DateText value={submission.received} /></p>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>

      <section aria-label={t('activity')} className="mt-6 flex flex-wrap gap-x-8 gap-y-2 rounded-xl border border-slate-200 bg-white px-5 py-4 text-sm text-slate-600">
        <p className="flex items-center gap-2">
          <Clock aria-hidden className="h-4 w-4 text-slate-400" />
          {t('lastSignIn')}{' '}
          <span className="font-medium text-slate-900">
            <DateText value={lastSignIn} empty={t('firstVisit')} />
          </span>
        </p>
        <p className="flex items-center gap-2">
          <Users aria-hidden className="h-4 w-4 text-slate-400" />
          {t('lastTeamActivity')}{' '}
          <span className="font-medium text-slate-900">
            <DateText value={lastStaffActivity} empty={t('noneYet')} />
          </span>
        </p>
      </section>
    </>
  )
}

/** `id`: a name for the figure that stays the same in every language. */
function Figure({ id, icon: Icon, label, value, detail }: { id: string; icon: LucideIcon; label: string; value: number; detail: string }) {
  const { i18n } = useTranslation()
  return (
    <Card>
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand/10 text-brand">
          <Icon aria-hidden className="h-5 w-5" />
        </span>
      </div>
      <p className="mt-3 text-3xl font-semibold tabular-nums text-slate-900" data-figure={id}>
        {value.toLocaleString(i18n.language === 'tr' ? 'tr-TR' : 'en-US')}
      </p>
      <p className="mt-1 text-xs text-slate-500">{detail}</p>
    </Card>
  )
}

function Panel({ title, link, children }: { title: string; link: { to: string; label: string } | null; children: ReactNode }) {
  return (
    <Card
      title={title}
      padding="flush"
      actions={
        link ? (
          <ButtonLink to={link.to} variant="link">
            {link.label}
          </ButtonLink>
        ) : null
      }
    >
      {children}
    </Card>
  )
}
