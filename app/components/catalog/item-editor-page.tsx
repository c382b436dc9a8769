import { Form, Link } from '@remix-run/react'
import { Archive, ArchiveRestore, ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ItemFormValues } from '#server/catalog/items/item-form'
import { Button } from '#app/components/ui/button'
import { ItemEditorForm, type ItemEditorScreen } from './item-editor-form'

export type ItemEditorLoaderData = {
  screen: ItemEditorScreen
  currency: string
  item: { guid: string; name: string; slug: string; isArchived: boolean; isPublished: boolean; coverUrl: string | null; gallery: Array<{ key: string; url: string }> } | null
  values: ItemFormValues
}

export type ItemEditorActionResult = { values: ItemFormValues; errors: Record<string, string[]>; formError: string | null } | undefined

type Props = {
  loaded: ItemEditorLoaderData
  result: ItemEditorActionResult
  kindFields?: (values: ItemFormValues, errors: Record<string, readonly string[]>) => ReactNode
  kindTitle?: string
  /** Links beside the title on an existing item (a course's content). */
  links?: ReactNode
  hasPriceOptions?: boolean
  /** Below the editor on an existing item (an event's online meeting). */
  after?: ReactNode
}

/** An item's add or edit screen: back link, title, archive or restore, and the shared editor. */
export function ItemEditorPage({ loaded, result, kindFields, kindTitle, links, hasPriceOptions, after }: Props) {
  const { t } = useTranslation('catalog')
  const { screen, item } = loaded
  const values = result?.values ?? loaded.values
  const errors = result?.errors ?? {}
  const action = item ? `${screen.path}/${item.guid}` : `${screen.path}/new`
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <Link to={screen.path} className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={t(`${screen.kind}_back`)}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">{item ? item.name : t(`${screen.kind}_add`)}</h1>
          <p className="text-sm text-slate-600">
            {item ? (item.isArchived ? t(`${screen.kind}_archived`) : `${t(`${screen.kind}_singular`)} · /${item.slug}`) : t(`${screen.kind}_new`)}
          </p>
        </div>
        {item ? (
          <div className="flex flex-wrap items-center gap-2">
            {links}
            <Form method="post" action={action}>
              {item.isArchived ? (
                <Button type="submit" name="intent" value="unarchive" variant="secondary">
                  <ArchiveRestore aria-hidden className="h-4 w-4" /> {t('restore')}
                </Button>
              ) : (
                <Button type="submit" name="intent" value="archive" variant="secondary">
                  <Archive aria-hidden className="h-4 w-4" /> {t('archive')}
                </Button>
              )}
            </Form>
          </div>
        ) : null}
      </header>
      <ItemEditorForm
        // After a save the fields show what was stored (amounts as 15.00), not what was typed, and
        // the file inputs are empty again: a picture saved is not posted a second time.
        key={result ? 'posted' : JSON.stringify([loaded.values, item?.coverUrl, item?.gallery])}
        screen={screen}
        action={action}
        values={values}
        errors={errors}
        formError={result?.formError ?? null}
        currency={loaded.currency}
        coverUrl={item?.coverUrl ?? null}
        gallery={screen.kind === 'product' ? (item?.gallery ?? []) : null}
        kindFields={kindFields?.(values, errors)}
        kindTitle={kindTitle}
        hasPriceOptions={hasPriceOptions}
      />
      {item ? after : null}
    </div>
  )
}
