/** The domain verification status: verified green, pending amber, otherwise red (spec, step 3). */
export function VerificationBadge({ status }: { status: string | null }) {
  const look =
    status === 'verified'
      ? { text: 'Verified', classes: 'bg-emerald-100 text-emerald-800' }
      : status === 'pending'
        ? { text: 'Pending', classes: 'bg-amber-100 text-amber-900' }
        : { text: status === 'disconnect' ? 'Not verified' : 'Not started', classes: 'bg-red-100 text-red-800' }
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${look.classes}`} data-verification-status={status ?? 'none'}>
      {look.text}
    </span>
  )
}
