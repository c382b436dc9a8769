import { Film, ImageIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { MediaItemView } from '#server/media/media-items'
import { ButtonLink } from '#app/components/ui/button'

/** The staff grid: four columns on a wide screen, thumbnails at their narrowest variant. */
const STAFF_THUMBNAIL_SIZES = '(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw'

/** The studio's images and videos as cards, each with what it is and its Edit and Delete links. */
export function MediaGrid({ items, itemHref }: { items: readonly MediaItemView[]; itemHref: (guid: string, confirmDelete?: boolean) => string }) {
  const { t } = useTranslation('website')
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label={t('media_list')}>
      {items.map((item) => (
        <MediaCard key={item.guid} item={item} itemHref={itemHref} />
      ))}
    </ul>
  )
}

function MediaCard({ item, itemHref }: { item: MediaItemView; itemHref: (guid: string, confirmDelete?: boolean) => string }) {
  const { t } = useTranslation('website')
  const label = item.originalName || (item.kind === 'image' ? t('media_image') : t('media_video'))
  const Icon = item.kind === 'image' ? ImageIcon : Film
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-media-item={item.guid}>
      <MediaPreview item={item} sizes={STAFF_THUMBNAIL_SIZES} className="aspect-[4/3] w-full object-cover" />
      <div className="flex flex-1 flex-col gap-1.5 p-3 text-sm">
        <p className="flex min-w-0 items-center gap-1.5 font-medium text-slate-900">
          <Icon aria-hidden className="h-4 w-4 shrink-0 text-slate-500" />
          <span className="truncate" title={label}>
            {label}
          </span>
        </p>
        <p className="text-xs text-slate-600">{[item.sizeText, item.sidesText, item.createdText].filter(Boolean).join(' · ')}</p>
        {item.text ? (
          <p className="line-clamp-2 text-slate-700">
            <span className="font-medium">{`${item.kind === 'image' ? t('media_altText') : t('media_titleField')}: `}</span>
            {item.text}
          </p>
        ) : (
          <p className="text-amber-800">{item.kind === 'image' ? t('media_noAltText') : t('media_noTitle')}</p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <ButtonLink to={itemHref(item.guid)} preventScrollReset size="sm">
            {t('edit')}
            <span className="sr-only">{` ${label}`}</span>
          </ButtonLink>
          <ButtonLink to={itemHref(item.guid, true)} preventScrollReset size="sm" variant="secondary">
            {t('delete')}
            <span className="sr-only">{` ${label}`}</span>
          </ButtonLink>
        </div>
      </div>
    </li>
  )
}

/** An item as a picture (its narrowest variant, with every width offered) or a video player that loads nothing until played. */
export function MediaPreview({ item, sizes, className }: { item: MediaItemView; sizes: string; className: string }) {
  const { t } = useTranslation('website')
  if (item.image) {
    return (
      <img
        src={item.image.src}
        srcSet={item.image.srcSet}
        sizes={sizes}
        width={item.image.width}
        height={item.image.height}
        alt={item.text}
        loading="lazy"
        decoding="async"
        className={`${className} bg-slate-100`}
      />
    )
  }
  if (!item.videoUrl) return <div aria-hidden className={`${className} bg-slate-100`} />
  return (
    <video controls preload="none" playsInline aria-label={item.text || item.originalName || t('media_video')} className={`${className} bg-slate-900`}>
      <source src={item.videoUrl} type={item.videoType ?? undefined} />
    </video>
  )
}
