import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { newClassSchema, roomSchema } from '#server/catalog/classes/class-form-schema'
import { loadClassFormOptions } from '#server/catalog/classes/class-views'
import { addRoom, createClass } from '#server/catalog/classes/save-class'
import { CLASS_TOASTS } from '#server/catalog/classes/class-toasts'
import { replyInLanguage } from '#server/catalog/classes/reply-in-language'
import { tFor } from '#server/i18n/server-translator'
import { ClassDetailsFields, EMPTY_CLASS_DETAILS, FormAlert } from '#app/components/catalog/classes/class-details-fields'
import { ClassRuleFields, EMPTY_RULE } from '#app/components/catalog/classes/class-rule-fields'
import { AddRoomForm } from '#app/components/catalog/classes/add-room-form'
import { errorsOf } from '#app/components/catalog/classes/form-state'
import { screenMeta } from '#app/components/layout/page-title'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { requireModule, requirePermission } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { redirectWithToast } from '#app/utils/toast.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Add class')

export const handle: I18nHandle = { i18n: ['catalog'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'manageClasses')
  requireModule(context, 'schedule')
  return { title: tFor(context.language, 'catalog')('addClass'), ...(await loadClassFormOptions(context.platform.database, tenant)) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, user } = await requirePermission(request, context, 'manageClasses')
  requireModule(context, 'schedule')
  const formData = await request.formData().catch(() => new FormData())
  const inLanguage = <Reply extends { error?: Record<string, string[] | null> | null }>(reply: Reply) => replyInLanguage(reply, context.language)
  if (formData.get('intent') === 'add-room') {
    const submission = parseWithZod(formData, { schema: roomSchema })
    if (submission.status !== 'success') return data({ form: 'room', result: inLanguage(submission.reply()) }, { status: 400 })
    const added = await addRoom(context.platform, tenant, submission.value.roomName)
    if (!added.ok) return data({ form: 'room', result: inLanguage(submission.reply({ fieldErrors: { roomName: [added.message] } })) }, { status: 400 })
    return redirectWithToast('/schedule/new', { type: 'success', message: CLASS_TOASTS.roomAdded(submission.value.roomName) })
  }
  const submission = parseWithZod(formData, { schema: newClassSchema(tenant.settings.defaultCurrency || 'USD') })
  if (submission.status !== 'success') return data({ form: 'class', result: inLanguage(submission.reply()) }, { status: 400 })
  const saved = await createClass(context.platform, tenant, { ...submission.value, actorContactId: user.contactId })
  if (!saved.ok) return data({ form: 'class', result: inLanguage(submission.reply({ fieldErrors: saved.details })) }, { status: 400 })
  return redirectWithToast(`/schedule/${saved.value.guid}`, { type: 'success', message: CLASS_TOASTS.classAdded(submission.value.details.name) })
}

/** Add class: what it is and its first rule (weekly, or a one-off session). */
export default function NewClassRoute() {
  const { t } = useTranslation('catalog')
  const options = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const posted = answer?.form === 'class' ? answer.result : null
  const roomPosted = answer?.form === 'room' ? answer.result : null
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex items-center gap-3">
        <Link to="/schedule" className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={t('backToClasses')}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('addClass')}</h1>
      </header>
      <Form method="post" className="flex flex-col gap-5" noValidate>
        <FormAlert messages={errorsOf(posted, '')} />
        <Card title={t('classCard')}>
          <ClassDetailsFields stored={EMPTY_CLASS_DETAILS} posted={posted} teachers={options.teachers} rooms={options.rooms} currency={options.currency} />
        </Card>
        <Card title={t('schedule')}>
          <ClassRuleFields idPrefix="rule" stored={EMPTY_RULE} posted={posted} timeZone={options.timeZone} />
        </Card>
        <div className="flex justify-end gap-2">
          <ButtonLink to="/schedule" variant="secondary">
            {t('cancel')}
          </ButtonLink>
          <Button type="submit" name="intent" value="create" variant="primary" busy={busy}>
            {t('saveClass')}
          </Button>
        </div>
      </Form>
      <AddRoomForm action="/schedule/new" posted={roomPosted} />
    </div>
  )
}
