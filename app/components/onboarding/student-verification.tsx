import { Form, useNavigation, useRevalidator } from '@remix-run/react'
import { MailWarning } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button'

export type StudentVerificationAnswer = { ok: boolean; message: string }

/**
 * Asks the page's loader again every `seconds` while the tab is shown: the loader sends a
 * verified student on, and a hidden tab does not keep the server busy.
 */
function useRecheckEvery(seconds: number) {
  const { revalidate } = useRevalidator()
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') revalidate()
    }, seconds * 1000)
    return () => window.clearInterval(timer)
  }, [seconds, revalidate])
}

/**
 * The unverified student's wait (spec 002 section 4): the page looks again every few seconds
 * and moves on to their classes once the link in the email was opened, in this tab or any
 * other. Without JavaScript the page reloads itself on the same beat.
 */
export function StudentVerification({ email, recheckSeconds, answer }: { email: string; recheckSeconds: number; answer: StudentVerificationAnswer | null }) {
  const { t } = useTranslation('portal')
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'resend-verification'
  useRecheckEvery(recheckSeconds)
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-50 px-4 py-10 sm:py-16">
      {/* Read only when scripts are off: with them, the loader is asked again instead. */}
      <noscript>
        <meta httpEquiv="refresh" content={String(recheckSeconds)} />
      </noscript>
      <section aria-labelledby="verify-email-title" className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <MailWarning aria-hidden className="h-8 w-8 text-amber-700" />
        <h1 id="verify-email-title" className="mt-3 text-xl font-semibold text-slate-900">
          {t('verifyEmailTitle')}
        </h1>
        <p className="mt-2 text-sm text-slate-700">
          {t('verifyEmailSentTo')} <span className="break-all font-medium text-slate-900">{email}</span>
        </p>
        <p className="mt-2 text-sm text-slate-700">{t('verifyEmailWaiting')}</p>
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
          <span aria-hidden className="h-2 w-2 animate-pulse rounded-full bg-amber-500 motion-reduce:animate-none" />
          {t('verifyEmailChecking', { seconds: recheckSeconds })}
        </p>
        <Form method="post" className="mt-6 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="resend-verification" />
          <Button type="submit" variant="secondary" busy={busy}>
            {t('verifyEmailResend')}
          </Button>
          <a href="/classes" className="text-sm font-medium text-brand-text hover:underline">
            {t('verifyEmailLater')}
          </a>
        </Form>
        {answer ? (
          <p role="alert" className={`mt-4 rounded-md border px-3 py-2 text-sm ${answer.ok ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-900'}`}>
            {answer.message}
          </p>
        ) : null}
      </section>
    </main>
  )
}
