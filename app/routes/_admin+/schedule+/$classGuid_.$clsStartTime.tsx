import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { ArrowLeft, CalendarCheck, CalendarX, UserCheck, Undo2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { loadClassFormOptions, loadOccurrenceScreen } from '#server/catalog/classes/class-views'
import { cancelOccurrence, changeOccurrence, restoreOccurrence, setCheckIn, type OccurrenceOutcome } from '#server/catalog/classes/class-occurrence'
import { occurrenceCancelSchema, occurrenceChangeSchema } from '#server/catalog/classes/occurrence-form-schema'
import { replyInLanguage } from '#server/catalog/classes/reply-in-language'
import { tFor } from '#server/i18n/server-translator'
import { notFound } from '#server/errors/responses'
import { FormAlert } from '#app/components/catalog/classes/class-details-fields'
import { errorsOf, valueOf, type PostedForm } from '#app/components/catalog/classes/form-state'
import { screenMeta } from '#app/components/layout/page-title'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { requireModule, requirePermission } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { redirectWithToast } from '#app/utils/toast.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Class session')

export const handle: I18nHandle = { i18n: ['catalog'] }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'manageClasses')
  requireModule(context, 'schedule')
  const screen = await loadOccurrenceScreen(context.platform.database, tenant, { unverifiedGuid: params.classGuid, unverifiedStart: params.clsStartTime }, context.platform.clock.now(), context.language)
  if (!screen) throw notFound()
  return { title: tFor(context.language, 'catalog')('classSession'), screen, options: await loadClassFormOptions(context.platform.database, tenant) }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'manageClasses')
  requireModule(context, 'schedule')
  const formData = await request.formData().catch(() => new FormData())
  const intent = String(formData.get('intent') ?? '')
  const target = { unverifiedGuid: params.classGuid, unverifiedStart: params.clsStartTime }
  const here = `/schedule/${params.classGuid}/${params.clsStartTime}`
  const exists = async () => {
    if (!(await loadOccurrenceScreen(context.platform.database, tenant, target))) throw notFound()
  }
  const answer = (form: string, outcome: OccurrenceOutcome, reply: (fieldErrors: Record<string, string[]>) => PostedForm) => {
    if (outcome.ok) return redirectWithToast(here, { type: 'success', message: outcome.value.message })
    if (outcome.error === 'not_found') throw notFound()
    return data({ form, result: replyInLanguage(reply(outcome.details), context.language) }, { status: 400 })
  }
  switch (intent) {
    case 'change': {
      const submission = parseWithZod(formData, { schema: occurrenceChangeSchema })
      if (submission.status !== 'success') {
        await exists()
        return data({ form: 'change', result: replyInLanguage(submission.reply() as PostedForm, context.language) }, { status: 400 })
      }
      const outcome = await changeOccurrence(context.platform, tenant, { ...target, change: submission.value })
      return answer('change', outcome, (fieldErrors) => submission.reply({ fieldErrors }) as PostedForm)
    }
    case 'cancel': {
      const submission = parseWithZod(formData, { schema: occurrenceCancelSchema })
      if (submission.status !== 'success') {
        await exists()
        return data({ form: 'cancel', result: replyInLanguage(submission.reply() as PostedForm, context.language) }, { status: 400 })
      }
      const outcome = await cancelOccurrence(context.platform, tenant, { ...target, note: submission.value.note })
      return answer('cancel', outcome, (fieldErrors) => submission.reply({ fieldErrors }) as PostedForm)
    }
    case 'restore': {
      const outcome = await restoreOccurrence(context.platform, tenant, target)
      return answer('restore', outcome, (fieldErrors) => ({ error: fieldErrors }))
    }
    case 'check-in':
    case 'undo-check-in': {
      const outcome = await setCheckIn(context.platform, tenant, { ...target, unverifiedBookingGuid: String(formData.get('bookingGuid') ?? ''), checkedIn: intent === 'check-in' })
      return answer('roster', outcome, (fieldErrors) => ({ error: fieldErrors }))
    }
    default:
      throw notFound()
  }
}

/** One session of a class: move it, change who teaches where and how many, cancel it, and check its students in. */
export default function OccurrenceRoute() {
  const { t } = useTranslation('catalog')
  const { screen, options } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const postedTo = (form: string) => (answer?.form === form ? answer.result : null)
  const [searchParams] = useSearchParams()
  const confirming = searchParams.get('confirm') === 'cancel' || postedTo('cancel') !== null
  const navigation = useNavigation()
  const busyWith = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const changePosted = postedTo('change')
  const value = (name: keyof typeof screen.values) => valueOf(changePosted, name, screen.values[name])
  const here = `/schedule/${screen.classGuid}/${screen.clsStartTime}`
  const live = screen.roster.filter((entry) => entry.status !== 'cancelled')
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <Link to={`/schedule/${screen.classGuid}`} className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={t('backTo', { name: screen.className })}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{screen.className}</h1>
          <p className="text-sm text-slate-600">
            <time dateTime={screen.startDateTime}>{screen.whenText}</time>, {screen.timeText}
            {screen.isMoved ? t('movedFrom', { scheduled: screen.scheduledText }) : ''}
          </p>
        </div>
        {screen.isCancelled ? (
          <div className="flex flex-wrap items-center gap-2">
            <span data-status="cancelled" className="rounded-md bg-red-50 px-2.5 py-1 text-sm font-semibold text-red-800">
              {t('cancelled')}
            </span>
            {screen.hasStarted ? null : (
              <Form method="post" action={here}>
                <Button type="submit" name="intent" value="restore" variant="secondary" busy={busyWith('restore')}>
                  <CalendarCheck aria-hidden className="h-4 w-4" /> {t('restoreSession')}
                </Button>
              </Form>
            )}
          </div>
        ) : !confirming ? (
          <ButtonLink to={`${here}?confirm=cancel`} variant="danger">
            <CalendarX aria-hidden className="h-4 w-4" /> {t('cancelSession')}
          </ButtonLink>
        ) : null}
      </header>

      <FormAlert messages={errorsOf(postedTo('restore'), '')} />
      {screen.isCancelled && screen.note ? <p className="rounded-md bg-slate-100 px-4 py-3 text-sm text-slate-700">{screen.note}</p> : null}

      {confirming && !screen.isCancelled ? (
        <section aria-labelledby="cancel-title" className="rounded-xl border border-red-200 bg-red-50 p-5">
          <h2 id="cancel-title" className="text-base font-semibold text-red-900">
            {t('cancelThisSession')}
          </h2>
          <p className="mt-1 text-sm text-red-900">
            {live.length === 0 ? t('nobodyBooked') : t('bookedStudentsEmailed', { count: live.length })}
          </p>
          <Form method="post" action={here} className="mt-4 flex flex-col gap-3" noValidate>
            <FormAlert messages={errorsOf(postedTo('cancel'), '')} />
            <Field id="cancel-note" label={t('messageToStudents')} errors={errorsOf(postedTo('cancel'), 'note')}>
              {(control) => <textarea {...control} name="note" rows={3} maxLength={2000} className={FIELD_INPUT_CLASSES} />}
            </Field>
            <div className="flex flex-wrap justify-end gap-2">
              <ButtonLink to={here} variant="secondary">
                {t('keepSession')}
              </ButtonLink>
              <Button type="submit" name="intent" value="cancel" variant="danger" busy={busyWith('cancel')}>
                {t('yesCancelSession')}
              </Button>
            </div>
          </Form>
        </section>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[2fr_3fr]">
        <Card title={t('thisSession')}>
          <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">{t('teacher')}</dt>
            <dd className="text-slate-900">{screen.teacherName ?? '—'}</dd>
            <dt className="text-slate-600">{t('room')}</dt>
            <dd className="text-slate-900">{screen.roomName ?? '—'}</dd>
            <dt className="text-slate-600">{t('booked')}</dt>
            <dd className="text-slate-900" data-booked>
              {t('bookedOfCapacity', { booked: screen.booked, capacity: screen.capacity })}
            </dd>
          </dl>
          {screen.isCancelled ? null : (
            <Form method="post" action={here} className="flex flex-col gap-3 border-t border-slate-100 pt-4" noValidate>
              <FormAlert messages={errorsOf(changePosted, '')} />
              <div className="grid grid-cols-2 gap-3">
                <Field id="occurrence-date" label={t('date')} errors={errorsOf(changePosted, 'date')} required>
                  {(control) => <input {...control} type="date" name="date" defaultValue={value('date')} className={FIELD_INPUT_CLASSES} />}
                </Field>
                <Field id="occurrence-time" label={t('time')} errors={errorsOf(changePosted, 'time')} required>
                  {(control) => <input {...control} type="time" name="time" defaultValue={value('time')} className={FIELD_INPUT_CLASSES} />}
                </Field>
              </div>
              <Field id="occurrence-teacher" label={t('teacher')} errors={errorsOf(changePosted, 'teacherId')}>
                {(control) => (
                  <select {...control} name="teacherId" defaultValue={value('teacherId')} className={FIELD_INPUT_CLASSES}>
                    <option value="">{t('noTeacher')}</option>
                    {options.teachers.map((teacher) => (
                      <option key={teacher.id} value={teacher.id}>
                        {teacher.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id="occurrence-room" label={t('room')} errors={errorsOf(changePosted, 'roomId')}>
                {(control) => (
                  <select {...control} name="roomId" defaultValue={value('roomId')} className={FIELD_INPUT_CLASSES}>
                    <option value="">{t('noRoom')}</option>
                    {options.rooms.map((room) => (
                      <option key={room.id} value={room.id}>
                        {room.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id="occurrence-capacity" label={t('capacity')} hint={t('capacityAtLeastBooked', { booked: screen.booked })} errors={errorsOf(changePosted, 'capacity')} required>
                {(control) => <input {...control} type="number" inputMode="numeric" min={Math.max(1, screen.booked)} max={10000} name="capacity" defaultValue={value('capacity')} className={FIELD_INPUT_CLASSES} />}
              </Field>
              <div className="flex justify-end">
                <Button type="submit" name="intent" value="change" variant="primary" busy={busyWith('change')}>
                  {t('saveSession')}
                </Button>
              </div>
            </Form>
          )}
        </Card>

        <Card title={t('rosterCount', { number: live.length })} padding="flush">
          {screen.roster.length === 0 ? (
            <p className="p-5 text-sm text-slate-600">{t('noBookingsYet')}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t('roster')}>
              {screen.roster.map((entry) => (
                <li key={entry.bookingGuid} data-roster={entry.name} className="flex flex-wrap items-center gap-3 px-5 py-3">
                  {/* Wide enough for a name: the status and button go to the next line rather than squeeze it. */}
                  <div className="min-w-[9rem] flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{entry.name}</p>
                    <p className="truncate text-xs text-slate-600">{entry.email ?? t('noEmail')}</p>
                  </div>
                  <span
                    data-status={entry.status}
                    className={`rounded px-1.5 py-0.5 text-xs font-medium ${entry.status === 'checked_in' ? 'bg-green-50 text-green-800' : entry.status === 'cancelled' ? 'bg-slate-100 text-slate-700' : 'bg-sky-50 text-sky-800'}`}
                  >
                    {t(`status_${entry.status}`)}
                  </span>
                  {entry.status === 'cancelled' || screen.isCancelled ? null : (
                    <Form method="post" action={here}>
                      <input type="hidden" name="bookingGuid" value={entry.bookingGuid} />
                      {entry.status === 'booked' ? (
                        <Button type="submit" name="intent" value="check-in" variant="primary" size="sm" aria-label={t('checkInName', { name: entry.name })}>
                          <UserCheck aria-hidden className="h-3.5 w-3.5" /> {t('checkIn')}
                        </Button>
                      ) : (
                        <Button type="submit" name="intent" value="undo-check-in" variant="secondary" size="sm" aria-label={t('undoCheckInOf', { name: entry.name })}>
                          <Undo2 aria-hidden className="h-3.5 w-3.5" /> {t('undo')}
                        </Button>
                      )}
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  )
}
