import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Archive, ArchiveRestore, ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { classDetailsSchema, roomSchema } from '#server/catalog/classes/class-form-schema'
import { classRuleSchema } from '#server/catalog/classes/class-rule-schema'
import { loadClassEditor, loadClassFormOptions } from '#server/catalog/classes/class-views'
import { addRoom, setClassArchived, updateClassDetails, type ClassSaveResult } from '#server/catalog/classes/save-class'
import { addClassRule, editClassRule, removeClassRule } from '#server/catalog/classes/save-class-rule'
import { CLASS_TOASTS } from '#server/catalog/classes/class-toasts'
import { replyInLanguage } from '#server/catalog/classes/reply-in-language'
import { dateInLanguage } from '#server/dates/language-dates'
import { tFor } from '#server/i18n/server-translator'
import { notFound } from '#server/errors/responses'
import { loadMeetingPanel } from '#server/meetings/meeting-links'
import { MeetingLinkPanel } from '#app/components/meetings/meeting-link-panel'
import { meetingPanelWords } from '#server/meetings/meeting-panel-words'
import { AddRoomForm } from '#app/components/catalog/classes/add-room-form'
import { ClassDetailsFields, FormAlert } from '#app/components/catalog/classes/class-details-fields'
import { ClassRuleFields, EMPTY_RULE } from '#app/components/catalog/classes/class-rule-fields'
import { errorsOf, type PostedForm } from '#app/components/catalog/classes/form-state'
import { screenMeta } from '#app/components/layout/page-title'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { requireModule, requirePermission } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { redirectWithToast } from '#app/utils/toast.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Edit class')

export const handle: I18nHandle = { i18n: ['catalog'] }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'manageClasses')
  requireModule(context, 'schedule')
  const editor = await loadClassEditor(context.platform.database, tenant, { unverifiedGuid: params.classGuid, now: context.platform.clock.now(), language: context.language })
  if (!editor) throw notFound()
  const meeting = await loadMeetingPanel(context.platform, tenant.id, { guid: editor.guid })
  return {
    title: tFor(context.language, 'catalog')('editClass'),
    editor,
    options: await loadClassFormOptions(context.platform.database, tenant),
    meeting,
    meetingWords: meetingPanelWords(context.language, meeting.link ? dateInLanguage(meeting.link.generatedAt, tenant.settings, 'dateTime', context.language) : null),
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'manageClasses')
  requireModule(context, 'schedule')
  const formData = await request.formData().catch(() => new FormData())
  const intent = String(formData.get('intent') ?? '')
  const here = `/schedule/${params.classGuid}`
  const target = { unverifiedGuid: params.classGuid, unverifiedScheduleGuid: String(formData.get('scheduleGuid') ?? '') }
  const answer = (form: string, result: ClassSaveResult, reply: (fieldErrors: Record<string, string[]>) => unknown, done: string) => {
    if (result.ok) return redirectWithToast(here, { type: 'success', message: done })
    if (result.error === 'not_found') throw notFound()
    return data({ form, result: replyInLanguage(reply(result.details) as PostedForm, context.language) }, { status: 400 })
  }

  switch (intent) {
    case 'details': {
      const submission = parseWithZod(formData, { schema: classDetailsSchema(tenant.settings.defaultCurrency || 'USD') })
      if (submission.status !== 'success') {
        await foundOr404(context, tenant, params.classGuid)
        return data({ form: 'details', result: replyInLanguage(submission.reply() as PostedForm, context.language) }, { status: 400 })
      }
      const saved = await updateClassDetails(context.platform, tenant, { unverifiedGuid: params.classGuid, details: submission.value })
      return answer('details', saved, (fieldErrors) => submission.reply({ fieldErrors }), CLASS_TOASTS.classSaved)
    }
    case 'add-rule':
    case 'edit-rule': {
      const form = intent === 'add-rule' ? 'add-rule' : `rule:${target.unverifiedScheduleGuid}`
      const submission = parseWithZod(formData, { schema: classRuleSchema })
      if (submission.status !== 'success') {
        await foundOr404(context, tenant, params.classGuid)
        return data({ form, result: replyInLanguage(submission.reply() as PostedForm, context.language) }, { status: 400 })
      }
      const saved = intent === 'add-rule' ? await addClassRule(context.platform, tenant, { ...target, rule: submission.value }) : await editClassRule(context.platform, tenant, { ...target, rule: submission.value })
      return answer(form, saved, (fieldErrors) => submission.reply({ fieldErrors }), intent === 'add-rule' ? CLASS_TOASTS.ruleAdded : CLASS_TOASTS.ruleChanged)
    }
    case 'remove-rule': {
      const saved = await removeClassRule(context.platform, tenant, target)
      return answer(`rule:${target.unverifiedScheduleGuid}`, saved, (fieldErrors) => ({ error: fieldErrors }), CLASS_TOASTS.ruleRemoved)
    }
    case 'archive':
    case 'restore': {
      const done = await setClassArchived(context.platform, tenant, { unverifiedGuid: params.classGuid, archived: intent === 'archive' })
      if (!done) throw notFound()
      return redirectWithToast(intent === 'archive' ? '/schedule' : here, { type: 'success', message: intent === 'archive' ? CLASS_TOASTS.archived(done.name) : CLASS_TOASTS.restored(done.name) })
    }
    case 'add-room': {
      await foundOr404(context, tenant, params.classGuid)
      const submission = parseWithZod(formData, { schema: roomSchema })
      if (submission.status !== 'success') return data({ form: 'room', result: replyInLanguage(submission.reply() as PostedForm, context.language) }, { status: 400 })
      const added = await addRoom(context.platform, tenant, submission.value.roomName)
      if (!added.ok) return data({ form: 'room', result: replyInLanguage(submission.reply({ fieldErrors: { roomName: [added.message] } }) as PostedForm, context.language) }, { status: 400 })
      return redirectWithToast(here, { type: 'success', message: CLASS_TOASTS.roomAdded(submission.value.roomName) })
    }
    default:
      throw notFound()
  }
}

/** Another tenant's class is not there at all: a 404 before any message about the form. */
async function foundOr404(context: LoaderFunctionArgs['context'], tenant: Parameters<typeof loadClassEditor>[1], guid: string | undefined): Promise<void> {
  const editor = await loadClassEditor(context.platform.database, tenant, { unverifiedGuid: guid, now: context.platform.clock.now() })
  if (!editor) throw notFound()
}

/** Edit class: its details, its rules (each changed from today on), its next sessions, archive. */
export default function EditClassRoute() {
  const { t } = useTranslation('catalog')
  const { editor, options, meeting, meetingWords } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const postedTo = (form: string) => (answer?.form === form ? answer.result : null)
  const navigation = useNavigation()
  const busyWith = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const current = editor.rules.filter((rule) => rule.isCurrent)
  const ended = editor.rules.filter((rule) => !rule.isCurrent)
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <Link to="/schedule" className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={t('backToClasses')}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">{editor.name}</h1>
          <p className="text-sm text-slate-600">{editor.isArchived ? t('classArchivedNote') : t('editClass')}</p>
        </div>
        <Form method="post">
          <Button type="submit" name="intent" value={editor.isArchived ? 'restore' : 'archive'} variant="secondary" busy={busyWith('archive') || busyWith('restore')}>
            {editor.isArchived ? <ArchiveRestore aria-hidden className="h-4 w-4" /> : <Archive aria-hidden className="h-4 w-4" />}
            {editor.isArchived ? t('restore') : t('archive')}
          </Button>
        </Form>
      </header>

      <Card title={t('upcomingSessions')}>
        {editor.upcoming.length === 0 ? (
          <p className="text-sm text-slate-600">{t('noSessionsSoon')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {editor.upcoming.map((session) => (
              <li key={session.path} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <Link to={session.path} className="font-medium text-brand-text hover:underline">
                  <time dateTime={session.dateTime}>{session.text}</time>
                </Link>
                <span className={session.cancelled ? 'rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-800' : 'text-slate-600'}>
                  {session.cancelled ? t('cancelled') : t('bookedOf', { booked: session.booked, capacity: session.capacity })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Form method="post" className="flex flex-col gap-4" noValidate>
        <FormAlert messages={errorsOf(postedTo('details'), '')} />
        <Card title={t('classCard')}>
          <ClassDetailsFields stored={editor.values} posted={postedTo('details')} teachers={options.teachers} rooms={options.rooms} currency={options.currency} />
          <p className="mt-4 text-xs text-slate-600">{t('classChangesFromToday')}</p>
        </Card>
        <div className="flex justify-end">
          <Button type="submit" name="intent" value="details" variant="primary" busy={busyWith('details')}>
            {t('saveClass')}
          </Button>
        </div>
      </Form>

      <Card title={t('schedule')}>
        <div className="flex flex-col gap-3">
          <p className="text-xs text-slate-600">{t('ruleChangesFromToday')}</p>
          {current.map((rule) => {
            const posted = postedTo(`rule:${rule.guid}`)
            return (
              <details key={rule.guid} open={posted !== null} className="rounded-lg border border-slate-200" data-rule={rule.words}>
                <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-slate-900">
                  {rule.words}
                  <span className="ml-2 font-normal text-slate-600">
                    {rule.recurrence === 'weekly' ? t('ruleFromTo', { from: rule.fromText, to: rule.toText }) : ''}
                  </span>
                </summary>
                <div className="flex flex-col gap-4 border-t border-slate-100 p-4">
                  <FormAlert messages={errorsOf(posted, '')} />
                  <Form method="post" className="flex flex-col gap-4" noValidate>
                    <input type="hidden" name="scheduleGuid" value={rule.guid} />
                    <ClassRuleFields idPrefix={`rule-${rule.guid}`} stored={rule.values} posted={posted} timeZone={options.timeZone} />
                    <div className="flex flex-wrap justify-end gap-2">
                      <Button type="submit" name="intent" value="remove-rule" variant="danger">
                        {t('remove')}
                      </Button>
                      <Button type="submit" name="intent" value="edit-rule" variant="primary">
                        {t('saveRule')}
                      </Button>
                    </div>
                  </Form>
                </div>
              </details>
            )
          })}
          <details open={postedTo('add-rule') !== null} className="rounded-lg border border-dashed border-slate-300">
            <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-brand-text">{t('addRuleOrSession')}</summary>
            <div className="flex flex-col gap-4 border-t border-slate-100 p-4">
              <FormAlert messages={errorsOf(postedTo('add-rule'), '')} />
              <Form method="post" className="flex flex-col gap-4" noValidate>
                <ClassRuleFields idPrefix="add-rule" stored={EMPTY_RULE} posted={postedTo('add-rule')} timeZone={options.timeZone} />
                <div className="flex justify-end">
                  <Button type="submit" name="intent" value="add-rule" variant="primary">
                    {t('addToSchedule')}
                  </Button>
                </div>
              </Form>
            </div>
          </details>
          {ended.length ? (
            <div>
              <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('ended')}</h3>
              <ul className="text-sm text-slate-600">
                {ended.map((rule) => (
                  <li key={rule.guid}>
                    {rule.words} {rule.recurrence === 'weekly' ? t('ruleFromToShort', { from: rule.fromText, to: rule.toText }) : ''}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </Card>

      <MeetingLinkPanel panel={meeting} words={meetingWords} />

      <AddRoomForm action={`/schedule/${editor.guid}`} posted={postedTo('room')} />
    </div>
  )
}
