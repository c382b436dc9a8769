import { useNavigate } from '@remix-run/react'
import { createContext, useCallback, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react'

type ListLinkClick = (event: MouseEvent<HTMLAnchorElement>) => void

const ListLinkClickContext = createContext<ListLinkClick | null>(null)

/** A click the browser should handle itself: another button, a modifier (new tab, window, download), another target. */
function leftToBrowser(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target')
  return event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || (target !== null && target !== '_self')
}

/**
 * Gives the `ListLink`s inside it one click handler, made once for the whole list, that
 * navigates in place as Remix's Link does (replacing the history entry when the address is the
 * one shown, as Link does).
 */
export function ListLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  const onClick = useCallback<ListLinkClick>(
    (event) => {
      if (leftToBrowser(event)) return
      const to = event.currentTarget.getAttribute('href')
      if (!to) return
      event.preventDefault()
      const shown = `${window.location.pathname}${window.location.search}${window.location.hash}`
      navigate(to, { replace: shown === to })
    },
    [navigate],
  )
  return <ListLinkClickContext.Provider value={onClick}>{children}</ListLinkClickContext.Provider>
}

type ListLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> & {
  /** An absolute path of this app ('/contacts/…/detail'): it is written as it is, not resolved. */
  to: string
}

/**
 * A link in the rows of a long list (a page of contacts or invoices). Remix's Link runs a dozen
 * hooks for every link on every render (resolving its path against the route, its prefetch
 * state, its own click handler), which a page of 50 rows with two links each paid 100 times over
 * on the server; this one is a plain anchor that takes its list's handler. Without JavaScript, or
 * outside `ListLinks`, it is an ordinary link. `data-discover` lets Remix find the route of a link
 * in view before it is clicked, as it does for its own links.
 */
export function ListLink({ to, ...rest }: ListLinkProps) {
  const onClick = useContext(ListLinkClickContext)
  return <a {...rest} href={to} data-discover="true" onClick={onClick ?? undefined} />
}
