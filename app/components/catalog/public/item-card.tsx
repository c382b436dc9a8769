import { Link } from '@remix-run/react'
import { CalendarDays, HeartHandshake, MapPin, Package, ShoppingBag } from 'lucide-react'
import type { ItemImageView, ItemState } from '#server/catalog/public/item-views'
import type { ItemCardView } from '#server/catalog/public/public-item-pages'

type ItemKind = ItemCardView['kind']

const PLACEHOLDER_ICON = { event: CalendarDays, product: ShoppingBag, bundle: Package, donation: HeartHandshake } as const

/**
 * An item's cover picture in a fixed 4:3 frame, or a quiet tinted panel with the kind's icon
 * when the item has none (decorative: the name is right below it).
 */
export function ItemImage({ image, kind, className = '' }: { image: ItemImageView | null; kind: ItemKind; className?: string }) {
  if (image) {
    return (
      <img
        src={image.src}
        alt={image.alt}
        width={image.width ?? undefined}
        height={image.height ?? undefined}
        loading="lazy"
        className={`aspect-[4/3] w-full bg-slate-100 object-cover ${className}`}
      />
    )
  }
  const Icon = PLACEHOLDER_ICON[kind]
  return (
    <div aria-hidden className={`flex aspect-[4/3] w-full items-center justify-center bg-gradient-to-br from-brand/15 via-slate-50 to-sky-100 ${className}`} data-placeholder-image>
      <Icon className="h-12 w-12 text-brand-text/60" strokeWidth={1.5} />
    </div>
  )
}

/** The small badge for a state other than open: 'Sold out', 'Registration closed'. */
export function StateBadge({ state, text }: { state: ItemState; text: string | null }) {
  if (!text) return null
  const look = state === 'open' ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-slate-100 text-slate-800 ring-slate-300'
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${look}`} data-item-state={state}>
      {text}
    </span>
  )
}

/** One item of a listing: picture, name, when and where (events), summary and price. The whole card is its link. */
export function ItemCard({ card }: { card: ItemCardView }) {
  const unavailable = card.state !== 'open'
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition hover:shadow-md" data-item-card={card.kind}>
      <ItemImage image={card.image} kind={card.kind} className={unavailable ? 'opacity-70 grayscale' : ''} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg font-semibold text-slate-900">
          {/* The stretched link makes the card one target without nesting everything in <a>. */}
          <Link to={card.href} prefetch="intent" className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline">
            {card.name}
          </Link>
        </h2>
        {card.when ? (
          <p className="flex items-start gap-1.5 text-sm text-slate-700">
            <CalendarDays aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
            <time dateTime={card.when.start.dateTime}>{card.when.start.text}</time>
          </p>
        ) : null}
        {card.placeText ? (
          <p className="flex items-start gap-1.5 text-sm text-slate-700">
            <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
            {card.placeText}
          </p>
        ) : null}
        {card.summary ? <p className="line-clamp-3 text-sm text-slate-600">{card.summary}</p> : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <span className="text-base font-semibold text-slate-900" data-price>
            {card.priceText}
          </span>
          <StateBadge state={card.state} text={card.stateText} />
        </div>
      </div>
    </li>
  )
}

/** A listing's cards: one column on a phone, two on a tablet, three on a desktop. */
export function ItemGrid({ cards, empty }: { cards: ItemCardView[]; empty: string }) {
  if (cards.length === 0) return <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-700">{empty}</p>
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" role="list">
      {cards.map((card) => (
        <ItemCard key={card.guid} card={card} />
      ))}
    </ul>
  )
}
