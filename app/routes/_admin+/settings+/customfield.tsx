import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData } from '@remix-run/react'
import { CircleX, Plus } from 'lucide-react'
import { loadCustomFieldsScreen } from '#server/custom-fields/custom-fields-screen'
import { formbuilderWords } from '#server/custom-fields/formbuilder-words'
import { useFormbuilderWords } from '#app/components/forms/use-formbuilder-words'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { requireAdmin } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { requireTenant } from '#app/utils/tenant.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Custom Fields' }]

export const handle: I18nHandle = { i18n: ['formbuilder'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return { cards: await loadCustomFieldsScreen(context.platform, requireTenant(context), context.language), title: formbuilderWords(context.language)('customFieldsTitle') }
}

/** Settings > Custom Fields: a card per type; the dialogs are child routes drawn over it. */
export default function CustomFieldsRoute() {
  const { cards } = useLoaderData<typeof loader>()
  const { t } = useFormbuilderWords()
  return (
    <div className="mx-auto flex max-w-6xl flex-col p-4 sm:p-6">
      <ScreenHeader title={t('customFieldsTitle')} backTo="/settings" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <section key={card.type} aria-labelledby={`card-${card.type}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="mb-3 flex items-center gap-2">
              <h2 id={`card-${card.type}`} className="text-base font-semibold text-slate-900">
                {card.label}
              </h2>
              <Link
                to={`/settings/customfield/new/${card.type}`}
                preventScrollReset
                className="ml-auto rounded-full p-1.5 text-brand hover:bg-brand/10"
                aria-label={t('addTypeFieldLabel', { type: card.label })}
              >
                <Plus aria-hidden className="h-5 w-5" />
              </Link>
            </div>
            {card.fields.length === 0 ? (
              <p className="text-sm text-slate-500">{t('notAdded')}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-slate-100">
                {card.fields.map((field) => (
                  <li key={field.guId} className="flex items-center gap-2 py-1.5">
                    <Link to={`/settings/customfield/${field.guId}`} preventScrollReset className="min-w-0 flex-1 truncate text-sm text-slate-800 hover:text-brand">
                      {field.name}
                      {field.tag ? <span className="ml-2 font-mono text-xs text-slate-600">{`{{${field.tag}}}`}</span> : null}
                    </Link>
                    <Link
                      to={`/settings/customfield/delete/${field.guId}`}
                      preventScrollReset
                      className="rounded-full p-1 text-slate-400 hover:bg-red-50 hover:text-red-600"
                      aria-label={t('deleteFieldLabel', { name: field.name })}
                    >
                      <CircleX aria-hidden className="h-4 w-4" />
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
      <Outlet />
    </div>
  )
}
