import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ItemImageView } from '#server/catalog/public/item-views'
import type { ItemCardView } from '#server/catalog/public/public-item-pages'
import { ItemImage } from './item-card'

/**
 * An item page: a way back to its listing, the picture beside the name, facts and the buying
 * panel, then the description. One column on a phone.
 */
export function ItemDetail(props: {
  kind: ItemCardView['kind']
  back: { href: string; label: string }
  name: string
  image: ItemImageView | null
  /** Further pictures after the main one (a product's), each opening at full size. */
  gallery?: readonly ItemImageView[]
  summary: string
  facts?: ReactNode
  panel: ReactNode
  descriptionHtml: string
}) {
  const { t } = useTranslation('listings')
  return (
    <article className="space-y-8" data-item-page={props.kind}>
      <Link to={props.back.href} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-text underline-offset-2 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {props.back.label}
      </Link>
      <div className="grid gap-8 md:grid-cols-2">
        <div className="min-w-0 space-y-3">
          <ItemImage image={props.image} kind={props.kind} className="rounded-lg border border-slate-200" />
          {props.gallery && props.gallery.length > 0 ? (
            <ul className="grid grid-cols-4 gap-2" aria-label={t('morePictures')} data-item-gallery>
              {props.gallery.map((picture) => (
                <li key={picture.src}>
                  <a href={picture.src} className="block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text">
                    <img src={picture.src} alt={picture.alt} width={picture.width ?? undefined} height={picture.height ?? undefined} loading="lazy" className="aspect-[4/3] w-full rounded-md border border-slate-200 bg-slate-100 object-cover" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="min-w-0 space-y-5">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{props.name}</h1>
            {props.summary ? <p className="mt-2 text-lg text-slate-600">{props.summary}</p> : null}
          </div>
          {props.facts}
          {props.panel}
        </div>
      </div>
      {props.descriptionHtml.trim() ? (
        <section aria-labelledby="item-about" className="max-w-3xl">
          <h2 id="item-about" className="mb-3 text-xl font-semibold text-slate-900">
            {t('about')}
          </h2>
          <div className="prose prose-slate max-w-none text-slate-700 [&_li]:ml-5 [&_p]:mb-3 [&_ul]:list-disc" dangerouslySetInnerHTML={{ __html: props.descriptionHtml }} />
        </section>
      ) : null}
    </article>
  )
}
