import { Form, Link } from '@remix-run/react'
import { Code2, FileText, Search, Trash2 } from 'lucide-react'
import { PageSizeForm, PreviousNextNav } from '#app/components/ui/pagination'
import { useTranslation } from 'react-i18next'
import type { TemplateCard } from '#server/website/builder/page-templates'

export interface GalleryView {
  cards: TemplateCard[]
  total: number
  pageIndex: number
  query: { search: string; pageIndex: number; pageSize: number }
  sizes: readonly number[]
}

/** Step 1: the template gallery with search and paging; page 0 starts with 'Empty Template' and 'HTML template'. */
export function TemplateGallery({ gallery, hrefOf }: { gallery: GalleryView; hrefOf: (extra: Record<string, string>) => string }) {
  const { t } = useTranslation('website')
  const { cards, total, pageIndex, query, sizes } = gallery
  const keep = (extra: Record<string, string>) => hrefOf({ step: '1', ...(query.search ? { q: query.search } : {}), size: String(query.pageSize), ...extra })
  const first = total === 0 ? 0 : pageIndex * query.pageSize + 1
  const last = Math.min(total, (pageIndex + 1) * query.pageSize)
  const pageCount = Math.ceil(total / query.pageSize)
  return (
    <div className="flex flex-col gap-4">
      <Form method="get" className="flex max-w-md items-center gap-2" role="search">
        <input type="hidden" name="step" value="1" />
        <input type="hidden" name="size" value={query.pageSize} />
        <label htmlFor="template-search" className="sr-only">
          {t('searchTemplates')}
        </label>
        <input id="template-search" name="q" type="search" defaultValue={query.search} placeholder={t('searchTemplates')} className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
        <button type="submit" aria-label={t('search')} className="rounded-md border border-slate-300 bg-white p-2 text-slate-700 hover:bg-slate-50">
          <Search aria-hidden className="h-4 w-4" />
        </button>
      </Form>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('templates')}>
        {pageIndex === 0 ? (
          <>
            <StartCard href={hrefOf({ step: '2', template: 'empty' })} title={t('emptyTemplate')} description={t('emptyTemplateText')} icon={<FileText aria-hidden className="h-8 w-8" />} />
            <StartCard href={hrefOf({ step: '2', template: 'html' })} title={t('htmlTemplate')} description={t('htmlTemplateText')} icon={<Code2 aria-hidden className="h-8 w-8" />} />
          </>
        ) : null}
        {cards.map((card) => (
          <li key={card.id} className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand">
            <Link to={hrefOf({ step: '2', template: card.id })} className="flex flex-1 flex-col focus:outline-none">
              {card.thumbnail ? (
                <img src={card.thumbnail} alt="" width={400} height={300} loading="lazy" className="aspect-[4/3] w-full bg-slate-100 object-cover" />
              ) : (
                <span aria-hidden className="flex aspect-[4/3] w-full items-center justify-center bg-gradient-to-br from-brand/15 to-sky-100 text-4xl font-semibold text-brand-text">
                  {card.name.charAt(0).toUpperCase()}
                </span>
              )}
              <span className="flex items-center justify-between gap-2 px-4 py-3">
                <span className="truncate text-sm font-medium text-slate-900">{card.name}</span>
                <span className="shrink-0 text-xs text-slate-600">{card.isOwn ? t('yours') : t('shared')}</span>
              </span>
            </Link>
            {card.isOwn ? (
              <Link
                to={keep({ pageIndex: String(pageIndex), deleteTemplate: card.id })}
                preventScrollReset
                aria-label={t('deleteTemplateNamed', { name: card.name })}
                className="absolute top-2 right-2 rounded-full bg-white/90 p-2 text-slate-700 shadow hover:text-red-700"
              >
                <Trash2 aria-hidden className="h-4 w-4" />
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      {cards.length === 0 ? <p className="text-sm text-slate-600">{t('noTemplates')}</p> : null}
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
        <PageSizeForm id="template-page-size" sizes={sizes} current={query.pageSize} hiddenFields={<HiddenFields search={query.search} />} />
        <div className="min-w-56">
          <PreviousNextNav
            first={first}
            last={last}
            total={total}
            previousHref={pageIndex > 0 ? keep({ pageIndex: String(pageIndex - 1) }) : null}
            nextHref={pageIndex + 1 < pageCount ? keep({ pageIndex: String(pageIndex + 1) }) : null}
          />
        </div>
      </div>
    </div>
  )
}

function HiddenFields({ search }: { search: string }) {
  return (
    <>
      <input type="hidden" name="step" value="1" />
      {search ? <input type="hidden" name="q" value={search} /> : null}
    </>
  )
}

function StartCard({ href, title, description, icon }: { href: string; title: string; description: string; icon: React.ReactNode }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-dashed border-slate-300 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand">
      <Link to={href} className="flex flex-1 flex-col focus:outline-none">
        <span className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 bg-[#F8F8FF] text-slate-600">
          {icon}
          <span className="text-sm">{description}</span>
        </span>
        <span className="px-4 py-3 text-sm font-medium text-slate-900">{title}</span>
      </Link>
    </li>
  )
}
