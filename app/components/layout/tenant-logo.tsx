/** The tenant's logo, or its initial on a brand-coloured tile when it has none. */
export function TenantLogo({ name, logoUrl, className = 'h-9' }: { name: string; logoUrl: string | null; className?: string }) {
  if (logoUrl) return <img src={logoUrl} alt="" className={`${className} w-auto max-w-[160px] object-contain`} />
  return (
    <span
      aria-hidden
      className={`${className} flex aspect-square items-center justify-center rounded-lg bg-brand text-base font-bold text-on-brand`}
    >
      {name.trim().charAt(0).toUpperCase() || '•'}
    </span>
  )
}
