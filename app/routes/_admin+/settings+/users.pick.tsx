import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { searchContacts } from '#server/contacts/search-contacts'
import {
  addUserFromContact,
  PICK_REQUIRED_MESSAGE,
  PICKED_CONTACT_GONE_MESSAGE,
} from '#server/users/add-user-from-contact'
import { USER_UPDATED_MESSAGE } from '#server/users/update-user'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { Button, ButtonLink } from '#app/components/ui/button'
import { FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { requireAdmin } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'

const pickSchema = z.object({
  contactId: z.string({ required_error: PICK_REQUIRED_MESSAGE, invalid_type_error: PICK_REQUIRED_MESSAGE }).trim().min(1, PICK_REQUIRED_MESSAGE),
})

/**
 * The contact picker as a page (how it works without JavaScript): a GET search, the matches as
 * radio buttons, and Submit, which adds the chosen contact to the Users list.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100)
  const items = q ? await searchContacts({ platform: context.platform, tenant, unverifiedQuery: q }) : []
  return { q, items, title: tFor(context.language, 'settings')('pickTitle') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user: actor } = await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const formData = await request.formData().catch(() => new FormData())
  const submission = parseWithZod(formData, { schema: pickSchema })
  if (submission.status !== 'success') {
    return data({ ...submission.reply(), formErrors: [translateMessage(context.language, PICK_REQUIRED_MESSAGE)] }, { status: 400 })
  }
  const result = await addUserFromContact({
    platform: context.platform,
    tenant,
    actorContactId: actor.contactId,
    unverifiedGuid: submission.value.contactId,
    ip: context.ip || null,
  })
  // Not a contact of this organisation (gone, or another's): 404, told in the picker itself.
  if (!result.ok) return data({ ...submission.reply(), formErrors: [translateMessage(context.language, PICKED_CONTACT_GONE_MESSAGE)] }, { status: 404 })
  const next = `/settings/users/${result.value.guid}`
  // Someone already in the list is simply opened: nothing changed, so nothing to announce.
  return result.value.added ? redirectWithToast(next, { type: 'success', message: USER_UPDATED_MESSAGE }) : redirect(next)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Search' }]

export const handle: I18nHandle = { i18n: ['settings'] }

export default function PickContactRoute() {
  const { q, items } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation('settings')
  const formErrors = result?.formErrors ?? null
  return (
    <div className="mx-auto flex max-w-[590px] flex-col gap-4 p-4 sm:p-6">
      <header className="flex items-center gap-3">
        <Link to="/settings/users" className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={t('backToUsers')}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <h1 className="text-2xl font-semibold">{t('pickTitle')}</h1>
      </header>
      <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5">
        <p className="font-medium">{t('pickPrompt')}</p>
        <Form method="get" role="search" className="flex gap-2">
          <label htmlFor="pick-q" className="sr-only">
            {t('searchContacts')}
          </label>
          <input
            id="pick-q"
            type="search"
            name="q"
            defaultValue={q}
            placeholder={t('pickPlaceholder')}
            maxLength={100}
            className={`min-w-0 flex-1 ${FIELD_INPUT_CLASSES}`}
          />
          <Button type="submit" variant="secondary">
            {t('search')}
          </Button>
        </Form>

        {formErrors?.length ? (
          <div role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {formErrors.join(' ')}
          </div>
        ) : null}

        {q ? (
          <Form method="post" className="flex flex-col gap-4">
            {items.length === 0 ? (
              <p className="text-slate-500">{t('noRecordFoundPick')}</p>
            ) : (
              <fieldset>
                <legend className="sr-only">{t('matchingContacts')}</legend>
                <ul className="divide-y divide-slate-100 rounded border border-slate-200">
                  {items.map((item) => (
                    <li key={item.id}>
                      <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50">
                        <input type="radio" name="contactId" value={item.id} required className="h-4 w-4 accent-brand" />
                        <span>
                          <span className="block font-medium">{item.label}</span>
                          {item.email ? <span className="block text-sm text-slate-500">{item.email}</span> : null}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            )}
            <div className="flex justify-end gap-3">
              <ButtonLink to="/settings/users" variant="secondary">
                {t('sf_cancel')}
              </ButtonLink>
              <Button type="submit" disabled={items.length === 0} busy={navigation.state === 'submitting'} variant="primary">
                {t('sf_submit')}
              </Button>
            </div>
          </Form>
        ) : null}
      </div>
    </div>
  )
}
