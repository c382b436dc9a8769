import { useTranslation } from 'react-i18next'

/** 'Account Not Found' after a social sign-in that matched nobody (or failed); the reason comes in the page's language. */
export function AccountNotFoundDialog({ reason }: { reason: string }) {
  const { t } = useTranslation('auth')
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 px-4">
      <div role="alertdialog" aria-modal="true" aria-labelledby="account-not-found-title" aria-describedby="account-not-found-text" className="w-full max-w-sm rounded-lg bg-white p-6 shadow-xl">
        <h2 id="account-not-found-title" className="text-lg font-semibold">
          {t('accountNotFoundTitle')}
        </h2>
        <p id="account-not-found-text" className="mt-2 text-slate-700">
          {t('accountNotFoundMessage', { reason })}
        </p>
        <div className="mt-5 flex gap-3">
          <a href="/login" className="flex-1 rounded border border-slate-300 px-4 py-2 text-center font-medium">
            {t('backToLogin')}
          </a>
          <a href="/register" className="flex-1 rounded bg-brand px-4 py-2 text-center font-medium text-white">
            {t('register')}
          </a>
        </div>
      </div>
    </div>
  )
}
