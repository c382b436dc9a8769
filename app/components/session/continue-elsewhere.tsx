import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthPage } from '#app/components/auth/auth-page'

/**
 * Moving to another organisation's address. Browsers refuse a form post that redirects to
 * another site under our Content Security Policy (form-action 'self'), so the post answers
 * with this page: it follows the link itself, and without JavaScript the link is one click.
 */
export function ContinueElsewhere({ title, orgName, href, label }: { title: string; orgName: string | null; href: string; label: string }) {
  const { t } = useTranslation('auth')
  useEffect(() => {
    window.location.assign(href)
  }, [href])
  return (
    <AuthPage orgName={orgName} title={title}>
      <p className="mb-4 text-slate-700">{t('takingYouThere')}</p>
      <a href={href} className="block w-full rounded bg-brand px-4 py-2 text-center font-medium text-white">
        {label}
      </a>
    </AuthPage>
  )
}
