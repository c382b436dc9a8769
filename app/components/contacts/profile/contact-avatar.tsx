const BOXES = {
  lg: { classes: 'h-16 w-16 text-xl', pixels: 64 },
  sm: { classes: 'h-8 w-8 text-xs', pixels: 32 },
} as const

/**
 * The contact's picture, or the initials on the brand tint as the contacts list shows them.
 * The name is always written beside it, so the picture is decorative (empty alt) unless a
 * caller names it. Small ones sit in long lists and load as they scroll into view.
 */
export function ContactAvatar({ pictureUrl, initials, size = 'lg', alt = '' }: { pictureUrl: string | null; initials: string; size?: 'lg' | 'sm'; alt?: string }) {
  const box = BOXES[size]
  if (pictureUrl) {
    return (
      <img
        src={pictureUrl}
        alt={alt}
        width={box.pixels}
        height={box.pixels}
        loading={size === 'sm' ? 'lazy' : undefined}
        decoding="async"
        className={`${box.classes} shrink-0 rounded-full bg-slate-100 object-cover`}
      />
    )
  }
  return (
    <span aria-hidden className={`${box.classes} flex shrink-0 items-center justify-center rounded-full bg-brand/10 font-semibold text-brand-text`}>
      {initials}
    </span>
  )
}
