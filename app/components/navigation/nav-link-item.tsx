import { Form, NavLink } from '@remix-run/react'
import { ExternalLink } from 'lucide-react'
import type { NavigationItem } from '#server/shell/navigation-item'
import { NavIcon } from './nav-icon'
import { LOGOUT_PATH } from './session-actions'

type Props = {
  item: NavigationItem
  className: (state: { isActive: boolean }) => string
  showIcon?: boolean
  labelClassName?: string
}

/**
 * One menu entry: an internal link, an external link in a new tab, or Logout, which signs out
 * with a POST (a link that signs people out could be triggered by any page).
 */
export function NavLinkItem({ item, className, showIcon = true, labelClassName = '' }: Props) {
  const content = (
    <>
      {showIcon ? <NavIcon name={item.icon} className="h-5 w-5 shrink-0" /> : null}
      <span className={`truncate ${labelClassName}`}>{item.title}</span>
      {item.isBeta ? (
        <span className={`ml-auto rounded bg-amber-100 px-1.5 py-0.5 text-[10px] font-semibold uppercase text-amber-800 ${labelClassName}`}>
          Beta
        </span>
      ) : null}
      {item.badge ? (
        <span className={`ml-auto rounded px-1.5 py-0.5 text-[10px] font-semibold ${labelClassName}`} style={{ background: item.badge.bg, color: item.badge.fg }}>
          {item.badge.title}
        </span>
      ) : null}
    </>
  )
  if (item.url === LOGOUT_PATH) {
    return (
      <Form method="post" action={LOGOUT_PATH} className="contents">
        <button type="submit" title={item.title} className={`${className({ isActive: false })} w-full text-left`}>
          {content}
        </button>
      </Form>
    )
  }
  if (item.externalUrl && item.url) {
    return (
      <a
        href={item.url}
        title={item.title}
        target={item.openInNewTab ? '_blank' : undefined}
        rel={item.openInNewTab ? 'noopener noreferrer' : undefined}
        className={className({ isActive: false })}
      >
        {content}
        {item.openInNewTab ? <ExternalLink aria-hidden className={`ml-auto h-3.5 w-3.5 opacity-60 ${labelClassName}`} /> : null}
      </a>
    )
  }
  return (
    <NavLink to={item.url ?? '/'} title={item.title} prefetch="intent" end={item.exactMatch} className={className}>
      {content}
    </NavLink>
  )
}
