import type { GalleryItemView } from '#server/media/media-items'
import { useTranslation } from 'react-i18next'
import { GALLERY_IMAGE_SIZES } from '#server/media/media-variants'

/**
 * The public media gallery: images as a responsive grid, each one a link to its widest variant
 * (the full-size view, with or without JavaScript), and videos with the browser's own controls,
 * fetched only when played. Images load as they come near the screen; the first is the page's
 * largest paint, so it loads at once.
 */
export function GalleryGrid({ items, firstIndex }: { items: readonly GalleryItemView[]; firstIndex: number }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-gallery>
      {items.map((item, index) => (
        <li key={item.guid}>{item.image ? <GalleryImage item={item} image={item.image} number={firstIndex + index + 1} eager={index === 0} /> : <GalleryVideo item={item} />}</li>
      ))}
    </ul>
  )
}

function GalleryImage({ item, image, number, eager }: { item: GalleryItemView; image: NonNullable<GalleryItemView['image']>; number: number; eager: boolean }) {
  const { t } = useTranslation('listings')
  return (
    <a href={image.full.url} className="group block overflow-hidden rounded-xl bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text">
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={GALLERY_IMAGE_SIZES}
        width={image.width}
        height={image.height}
        alt={item.text}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none"
      />
      {/* The link's name: the image's own text, or its place in the gallery when it has none. */}
      <span className="sr-only">{item.text ? t('fullSize') : t('imageFullSize', { number })}</span>
    </a>
  )
}

function GalleryVideo({ item }: { item: GalleryItemView }) {
  const { t } = useTranslation('listings')
  if (!item.videoUrl) return null
  return (
    <figure className="flex flex-col gap-2">
      <video controls preload="none" playsInline aria-label={item.text || t('video')} className="aspect-video w-full rounded-xl bg-slate-900">
        <source src={item.videoUrl} type={item.videoType ?? undefined} />
        <a href={item.videoUrl}>{t('downloadVideo')}</a>
      </video>
      {item.text ? <figcaption className="text-sm text-slate-700">{item.text}</figcaption> : null}
    </figure>
  )
}
