import { Form, Link } from '@remix-run/react'
import { Search } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button, buttonClasses } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import type { ContactSearchItem } from '#server/contacts/search-contacts'

/**
 * Finding the contact a sale or an invoice is for, without JavaScript: a search form (GET ?q=)
 * and the matching contacts, each with Choose linking to `chooseHref` of its guid.
 */
export function ContactChooser({ id, query, matches, chooseHref }: { id: string; query: string; matches: readonly ContactSearchItem[]; chooseHref: (guid: string) => string }) {
  const { t } = useTranslation()
  return (
    <div className="space-y-3">
      <Form method="get" className="flex items-end gap-2" role="search">
        <Field id={id} label={t('contactChooser_find')} className="min-w-0 flex-1">
          {(control) => <input {...control} type="search" name="q" defaultValue={query} placeholder={t('contactPicker_placeholder')} className={`${FIELD_INPUT_CLASSES} w-full min-w-0`} />}
        </Field>
        <Button type="submit" variant="secondary">
          <Search aria-hidden className="h-4 w-4" />
          {t('search')}
        </Button>
      </Form>
      {query ? (
        matches.length === 0 ? (
          <p className="text-sm text-slate-600">{t('contactChooser_noMatch', { query })}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label={t('contactChooser_matching')}>
            {matches.map((match) => (
              <li key={match.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{match.label}</p>
                  {match.email ? <p className="truncate text-xs text-slate-600">{match.email}</p> : null}
                </div>
                <Link to={chooseHref(match.id)} className={buttonClasses({ variant: 'secondary', size: 'sm' })} aria-label={t('chooseNamed', { name: match.label })}>
                  {t('choose')}
                </Link>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  )
}
