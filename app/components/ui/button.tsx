import { Link, type LinkProps } from '@remix-run/react'
import { LoaderCircle } from 'lucide-react'
import type { ButtonHTMLAttributes } from 'react'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link'
export type ButtonSize = 'sm' | 'md'

// Primary uses the brand shades of decision 080 (`on-brand` text passes 4.5:1 on `brand` and
// `brand-dark`); link text uses `brand-text`, which passes on white and slate-50.
const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-on-brand font-semibold hover:bg-brand-dark',
  secondary: 'border border-slate-300 bg-white font-medium text-slate-700 hover:bg-slate-50',
  danger: 'bg-red-600 font-semibold text-white hover:bg-red-700',
  link: 'font-medium text-brand-text underline-offset-2 hover:underline',
}

const SIZES: Record<ButtonSize, string> = {
  sm: 'gap-1 rounded-md px-2.5 py-1 text-xs',
  md: 'gap-1.5 rounded-md px-4 py-2 text-sm',
}

// A link-styled button has no box: padding would push it off the text it sits in.
const LINK_SIZES: Record<ButtonSize, string> = { sm: 'gap-1 text-xs', md: 'gap-1.5 text-sm' }

const BASE =
  'inline-flex items-center justify-center whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60'

export type ButtonLook = { variant?: ButtonVariant; size?: ButtonSize }

/** The classes of a button of this look, for the rare control that is neither a button nor a link. */
export function buttonClasses({ variant = 'secondary', size = 'md' }: ButtonLook = {}, extra?: string): string {
  const sizing = variant === 'link' ? LINK_SIZES[size] : SIZES[size]
  return [BASE, VARIANTS[variant], sizing, extra].filter(Boolean).join(' ')
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> &
  ButtonLook & {
    /** Said on purpose: a button in a form submits it by default, one outside does nothing. */
    type: 'button' | 'submit' | 'reset'
    /** Waiting for its action: disabled, with a spinner, and announced as busy. */
    busy?: boolean
  }

/**
 * A button. In a plain <form> it posts with its own name and value, JavaScript or not; while
 * `busy` it cannot be pressed twice.
 */
export function Button({ variant, size, busy = false, disabled, className, children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClasses({ variant, size }, className)}
    >
      {busy ? <LoaderCircle aria-hidden data-spinner className="h-4 w-4 animate-spin motion-reduce:animate-none" /> : null}
      {children}
    </button>
  )
}

type ButtonLinkProps = LinkProps & ButtonLook

/** A link that looks like a button: it goes somewhere (a page, a dialog's own address, a download). */
export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={buttonClasses({ variant, size }, className)} />
}
