import { Form, Link } from '@remix-run/react'
import { Package, Plus, Search } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { EditedItemKind } from '#server/catalog/items/item-kinds'
import type { ItemListQuery } from '#server/catalog/items/item-list-query'
import { PageHeader } from '#app/components/layout/page-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { EmptyState } from '#app/components/ui/empty-state'
import { PreviousNextNav } from '#app/components/ui/pagination'
import { FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'

export type ItemListRowView = {
  guid: string
  name: string
  slug: string
  isPublished: boolean
  isArchived: boolean
  paymentType: string
  stockQuantity: number | null
  price: string | null
  priceOptionCount: number
  goal: string | null
  bundleQuantity: number
  coverUrl: string | null
}

type Props = {
  screen: { kind: EditedItemKind; path: string; singular: string; plural: string }
  /** Under the title; the kind's own description when not given. */
  description?: string
  query: ItemListQuery
  total: number
  previousHref: string | null
  nextHref: string | null
  rows: ItemListRowView[]
  /** A column of the kind's own (stock for merchandise, payment type for courses). */
  extraColumn?: { title: string; cell: (row: ItemListRowView) => ReactNode }
  /** Whether the kind sells at a price; a donation campaign takes what donors choose. */
  hasPrice?: boolean
  /** Screens of the same family shown beside 'Add' (merchandise's bundles). */
  links?: ReactNode
}

/**
 * The list every catalog kind's screen shows: a GET search form with 'Show archived', one page
 * of items by name, and previous/next links (the spec's start and max).
 */
export function ItemListScreen({ screen, description, query, total, previousHref, nextHref, rows, extraColumn, hasPrice = true, links }: Props) {
  const { t } = useTranslation('catalog')
  const plural = t(`${screen.kind}_plural`)
  const columnCount = 2 + (extraColumn ? 1 : 0) + (hasPrice ? 1 : 0)
  const filtered = query.search !== '' || query.isShowArchived
  const first = total === 0 ? 0 : query.start + 1
  const last = Math.min(total, query.start + query.max)
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader
        title={plural}
        description={description ?? t(`${screen.kind}_description`)}
        actions={
          <>
            {links}
            <ButtonLink to={`${screen.path}/new`} variant="primary">
              <Plus aria-hidden className="h-4 w-4" /> {t(`${screen.kind}_add`)}
            </ButtonLink>
          </>
        }
      />
      <Form method="get" action={screen.path} className="flex flex-wrap items-end gap-3" role="search">
        <div className="flex min-w-0 basis-full flex-col gap-1.5 sm:basis-auto sm:flex-1 sm:max-w-sm">
          <label htmlFor="item-search" className="text-sm font-medium text-slate-700">
            {t('searchByName')}
          </label>
          <input id="item-search" type="search" name="search" defaultValue={query.search} maxLength={100} className={FIELD_INPUT_CLASSES} />
        </div>
        <label className="inline-flex items-center gap-2 pb-2 text-sm text-slate-700">
          <input type="checkbox" name="isShowArchived" value="true" defaultChecked={query.isShowArchived} className="h-4 w-4 accent-brand" />
          {t('showArchived')}
        </label>
        {query.max !== 50 ? <input type="hidden" name="max" value={query.max} /> : null}
        <Button type="submit" variant="secondary">
          <Search aria-hidden className="h-4 w-4" /> {t('search')}
        </Button>
      </Form>

      {rows.length === 0 && !filtered ? (
        <EmptyState icon={Package} title={t(`${screen.kind}_none`)}>
          {t('addFirst')}
        </EmptyState>
      ) : (
        <>
          <Table label={plural} minWidth={560}>
            <TableHead>
              <HeaderCell>{t('name')}</HeaderCell>
              <HeaderCell>{t('status')}</HeaderCell>
              {extraColumn ? <HeaderCell>{extraColumn.title}</HeaderCell> : null}
              {hasPrice ? <HeaderCell align="end">{t('price')}</HeaderCell> : null}
            </TableHead>
            <TableBody columnCount={columnCount} empty={<span>{t(`${screen.kind}_noMatch`)}</span>}>
              {rows.map((row) => (
                <Row key={row.guid}>
                  <Cell>
                    <div className="flex items-center gap-3">
                      {row.coverUrl ? (
                        <img src={row.coverUrl} alt="" width={62} height={40} className="h-10 w-[62px] shrink-0 rounded object-cover" />
                      ) : (
                        <span aria-hidden className="h-10 w-[62px] shrink-0 rounded bg-slate-100" />
                      )}
                      <div className="min-w-0">
                        <Link to={`${screen.path}/${row.guid}`} className="font-medium text-slate-900 hover:text-brand-text hover:underline">
                          {row.name}
                        </Link>
                        <p className="truncate text-xs text-slate-500">/{row.slug}</p>
                      </div>
                    </div>
                  </Cell>
                  <Cell>
                    <StatusChip row={row} />
                  </Cell>
                  {extraColumn ? <Cell className="text-slate-700">{extraColumn.cell(row)}</Cell> : null}
                  {hasPrice ? (
                    <Cell align="end" className="whitespace-nowrap text-slate-700">
                      {row.price === null ? '-' : row.priceOptionCount > 1 ? t('fromPrice', { price: row.price }) : row.price}
                    </Cell>
                  ) : null}
                </Row>
              ))}
            </TableBody>
          </Table>
          <PreviousNextNav first={first} last={last} total={total} previousHref={previousHref} nextHref={nextHref} />
        </>
      )}
    </div>
  )
}

function StatusChip({ row }: { row: ItemListRowView }) {
  const { t } = useTranslation('catalog')
  const [label, classes] = row.isArchived
    ? [t('archived'), 'bg-slate-100 text-slate-700']
    : row.isPublished
      ? [t('published'), 'bg-green-50 text-green-800']
      : [t('private'), 'bg-amber-50 text-amber-900']
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${classes}`}>{label}</span>
}
