/** The contact's picture, or the initials on the brand tint as the contacts list shows them. */
export function ContactAvatar({ pictureUrl, initials, size = 'lg' }: { pictureUrl: string | null; initials: string; size?: 'lg' | 'sm' }) {
  const box = size === 'lg' ? 'h-16 w-16 text-xl' : 'h-8 w-8 text-xs'
  if (pictureUrl) return <img src={pictureUrl} alt="" className={`${box} shrink-0 rounded-full object-cover`} />
  return (
    <span aria-hidden className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand/10 font-semibold text-brand-text`}>
      {initials}
    </span>
  )
}
