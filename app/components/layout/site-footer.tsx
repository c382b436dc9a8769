import { Link } from '@remix-run/react'
import { Mail, Phone } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { FooterView } from '#server/navigation/footer'
import type { NavigationItem } from '#server/shell/navigation-item'
import { DateText } from '#app/components/ui/date-text'

function FooterLink({ item }: { item: NavigationItem }) {
  const className = 'text-slate-600 hover:text-brand-text'
  if (item.externalUrl && item.url) {
    return (
      <a href={item.url} target="_blank" rel="noopener noreferrer" className={className}>
        {item.title}
      </a>
    )
  }
  return (
    <Link to={item.url ?? '/'} prefetch="intent" className={className}>
      {item.title}
    </Link>
  )
}

/**
 * The footer of spec 000 section 2: tenant name, footer info, footer and legal pages, social
 * links, phone and email; signed in, also the version, a copyright line and the last account
 * activity. `compact` is the one-line form under the staff screens.
 */
export function SiteFooter({ footer, compact = false }: { footer: FooterView; compact?: boolean }) {
  const { t } = useTranslation()
  const signedIn = footer.signedIn
  if (compact) {
    return (
      <footer className="border-t border-slate-200 bg-white px-4 py-3 text-xs text-slate-500 sm:px-6">
        <div className="mx-auto flex max-w-[1366px] flex-wrap items-center gap-x-4 gap-y-1">
          <span className="font-medium text-slate-700">{footer.tenantName}</span>
          {footer.legalPages.map((item) => (
            <FooterLink key={item.id} item={item} />
          ))}
          {signedIn ? (
            <>
              <span className="sm:ml-auto">{signedIn.copyright}</span>
              <span>{signedIn.version}</span>
              {signedIn.lastActivity ? <span>{t('lastActivity')} <DateText value={signedIn.lastActivity} /></span> : null}
            </>
          ) : null}
        </div>
      </footer>
    )
  }

  return (
    <footer className="border-t border-slate-200 bg-white text-sm text-slate-600">
      {footer.isShown ? (
        <div className="mx-auto grid max-w-[1366px] gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4 sm:px-6">
          <div className="space-y-2">
            <p className="text-base font-semibold text-slate-900">{footer.tenantName}</p>
            {footer.footerInfoHtml ? (
              // Sanitised on the server (sanitize-footer-html.ts): Quill's markup only.
              <div className="rich-text leading-relaxed" dangerouslySetInnerHTML={{ __html: footer.footerInfoHtml }} />
            ) : null}
          </div>
          {footer.pages.length > 0 ? (
            <nav aria-label={t('footerPages')}>
              <p className="mb-2 font-semibold text-slate-900">{t('footerExplore')}</p>
              <ul className="space-y-1.5">
                {footer.pages.map((item) => (
                  <li key={item.id}>
                    <FooterLink item={item} />
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {footer.phone || footer.email || footer.socials.length > 0 ? (
            <div>
              <p className="mb-2 font-semibold text-slate-900">{t('footerGetInTouch')}</p>
              <ul className="space-y-1.5">
                {footer.phone ? (
                  <li>
                    <a href={`tel:${footer.phone}`} className="inline-flex items-center gap-2 hover:text-brand-text">
                      <Phone aria-hidden className="h-4 w-4" /> {footer.phone}
                    </a>
                  </li>
                ) : null}
                {footer.email ? (
                  <li>
                    <a href={`mailto:${footer.email}`} className="inline-flex items-center gap-2 hover:text-brand-text">
                      <Mail aria-hidden className="h-4 w-4" /> {footer.email}
                    </a>
                  </li>
                ) : null}
              </ul>
              {footer.socials.length > 0 ? (
                <ul aria-label={t('footerSocialLinks')} className="mt-3 flex flex-wrap gap-2">
                  {footer.socials.map((social) => (
                    <li key={social.name}>
                      <a
                        href={social.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-block rounded-full border border-slate-200 px-3 py-1 text-xs font-medium hover:border-brand hover:text-brand-text"
                      >
                        {social.label}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          {footer.legalPages.length > 0 ? (
            <nav aria-label={t('footerLegal')}>
              <p className="mb-2 font-semibold text-slate-900">{t('footerLegal')}</p>
              <ul className="space-y-1.5">
                {footer.legalPages.map((item) => (
                  <li key={item.id}>
                    <FooterLink item={item} />
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      ) : null}
      {signedIn ? (
        <div className="border-t border-slate-100">
          <div className="mx-auto flex max-w-[1366px] flex-wrap gap-x-6 gap-y-1 px-4 py-3 text-xs text-slate-500 sm:px-6">
            <span>{signedIn.copyright}</span>
            <span>{signedIn.version}</span>
            {signedIn.lastActivity ? <span className="sm:ml-auto">{t('lastActivity')} <DateText value={signedIn.lastActivity} /></span> : null}
          </div>
        </div>
      ) : footer.isShown ? null : (
        <div className="mx-auto max-w-[1366px] px-4 py-4 text-xs text-slate-500 sm:px-6">{footer.tenantName}</div>
      )}
    </footer>
  )
}
