import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Trans } from 'react-i18next'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { PlivoAccountForm } from '#app/components/sms/plivo-account-form'
import { PlivoNumberCard } from '#app/components/sms/plivo-number-card'
import { PlivoNumberSearch, type PlivoSearch } from '#app/components/sms/plivo-number-search'
import { ProviderSwitchNotice } from '#app/components/sms/provider-switch-notice'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { useIntegrationsWords } from '#app/components/integrations/use-integrations-words'
import type { I18nHandle } from '#app/utils/i18n'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'
import { buyPlivoNumber } from '#server/sms/buy-plivo-number'
import { refreshPlivoApproval } from '#server/sms/plivo-approval'
import { PLIVO_FORM_SHOWN_MESSAGES, PLIVO_MESSAGES, type PlivoAccountErrors, type PlivoAccountValues } from '#server/sms/plivo-form'
import { loadPlivoPage, searchPlivoNumbers } from '#server/sms/plivo-page'
import { releasePlivoNumber } from '#server/sms/release-plivo-number'
import { savePlivoAccount } from '#server/sms/save-plivo-account'

export const meta: MetaFunction = () => [{ title: 'Plivo' }]

export const handle: I18nHandle = { i18n: ['integrations'] }

const PATH = '/settings/integrations/plivo'
const HUB = '/settings/integrations'

/** What a refused post answers: the form it came from, with its messages (never the token). */
type Refused =
  | { intent: 'start' | 'account'; errors: PlivoAccountErrors; values: PlivoAccountValues; formError: string | null }
  | { intent: 'buy'; message: string; areaCode: string }
  | { intent: 'refresh'; message: string }
  | { intent: 'release'; message: string }
  | { intent: 'unknown'; message: string }

/**
 * The Plivo page (settings spec, SMS integration page): terms and the studio's Plivo account
 * with Get Started; then numbers by area code and Buy; then the number with 'Approved' or
 * 'Waiting for approval' and the next steps. The search is a GET (?areaCode=), so it works
 * without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const page = await loadPlivoPage(context.platform, tenant.id)
  const areaCode = new URL(request.url).searchParams.get('areaCode')
  const said = (message: string) => translateMessage(context.language, message)
  let search: PlivoSearch | null = null
  if (page.stage === 'number' && areaCode !== null) {
    const found = await searchPlivoNumbers(context.platform, tenant.id, areaCode, context.language)
    search = {
      areaCode: areaCode.slice(0, 10),
      numbers: found.ok ? found.value : [],
      areaCodeError: !found.ok && found.error === 'invalid_input' ? said(found.message) : null,
      error: !found.ok && found.error === 'conflict' ? said(found.message) : null,
    }
  }
  // 'Release number' asks first, at an address of its own, so it works without JavaScript.
  const confirmRelease = page.stage === 'owned' && new URL(request.url).searchParams.get('confirm') === 'release'
  const messages = Object.fromEntries(PLIVO_FORM_SHOWN_MESSAGES.map((message) => [message, said(message)]))
  return { page, search, confirmRelease, messages }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const form = await request.formData().catch(() => new FormData())
  const intent = form.get('intent')
  const now = context.platform.clock.now()
  const said = (message: string) => translateMessage(context.language, message)
  // Every refusal answers in the page's language; the form's own checks and Plivo's words alike.
  const refused = (body: Refused) =>
    data<Refused>(
      'message' in body ? { ...body, message: said(body.message) } : { ...body, errors: translateMessages(context.language, body.errors), formError: body.formError === null ? null : said(body.formError) },
      { status: 400 },
    )
  const updated = () => redirectWithToast(PATH, { type: 'success', message: PLIVO_MESSAGES.updated })
  if (intent === 'start' || intent === 'account') {
    const saved = await savePlivoAccount(context.platform, tenant.id, form, now)
    return saved.ok ? updated() : refused({ intent, ...saved.details })
  }
  if (intent === 'buy') {
    const bought = await buyPlivoNumber(context.platform, tenant.id, form.get('number'), now)
    const areaCode = typeof form.get('areaCode') === 'string' ? String(form.get('areaCode')).slice(0, 10) : ''
    return bought.ok ? updated() : refused({ intent, message: bought.message, areaCode })
  }
  if (intent === 'refresh') {
    const checked = await refreshPlivoApproval(context.platform, tenant.id, now)
    if (!checked.ok) return refused({ intent, message: checked.message })
    return checked.value.approved ? updated() : redirectWithToast(PATH, { type: 'success', message: PLIVO_MESSAGES.stillWaiting })
  }
  if (intent === 'release') {
    const released = await releasePlivoNumber(context.platform, tenant.id, now)
    return released.ok ? updated() : refused({ intent, message: released.message })
  }
  return refused({ intent: 'unknown', message: PLIVO_MESSAGES.unknownAction })
}

export default function PlivoRoute() {
  const { page, search, confirmRelease, messages } = useLoaderData<typeof loader>()
  const { t } = useIntegrationsWords()
  const refused = useActionData<typeof action>() ?? null
  const accountRefusal = refused && (refused.intent === 'start' || refused.intent === 'account') ? refused : null
  const accountForm = (intent: 'start' | 'account') => {
    const values = accountRefusal?.values ?? { agree: false, authId: page.authId, authToken: '' }
    return (
      <PlivoAccountForm
        key={JSON.stringify(values)}
        intent={intent}
        values={{ ...values, authToken: '' }}
        errors={accountRefusal?.errors ?? {}}
        formError={accountRefusal?.formError ?? null}
        hasToken={page.hasToken}
        messages={messages}
      />
    )
  }
  // A refused Buy shows the search it came from again, with its reason.
  const shownSearch = search ?? (refused?.intent === 'buy' && refused.areaCode ? { areaCode: refused.areaCode, numbers: [], areaCodeError: null, error: null } : null)
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title="Plivo" backTo={HUB} />
      {refused?.intent === 'unknown' ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {refused.message}
        </div>
      ) : null}
      {page.stage === 'terms' ? (
        <ScreenPanel title={t('plivoTermsTitle')}>
          <p className="mb-4 text-sm text-slate-600">{t('plivoIntro')}</p>
          <ProviderSwitchNotice replaces={page.replaces} />
          {accountForm('start')}
        </ScreenPanel>
      ) : null}
      {page.stage === 'number' ? (
        <ScreenPanel title={t('plivoChooseNumber')}>
          <p className="mb-4 text-sm text-slate-600">{t('plivoChooseNumberIntro')}</p>
          <PlivoNumberSearch search={shownSearch} buyError={refused?.intent === 'buy' ? refused.message : null} />
        </ScreenPanel>
      ) : null}
      {page.stage === 'owned' && page.phoneNumber ? (
        <ScreenPanel title={t('plivoYourNumber')}>
          <PlivoNumberCard
            number={page.phoneNumber}
            approved={page.approved}
            refreshError={refused?.intent === 'refresh' ? refused.message : null}
            releaseError={refused?.intent === 'release' ? refused.message : null}
            releasePath={`${PATH}?confirm=release`}
          />
        </ScreenPanel>
      ) : null}
      {confirmRelease && page.phoneNumber ? (
        <ConfirmDialog title={t('plivoReleaseNumber')} closeTo={PATH} action={PATH} intent="release" yesLabel={t('plivoReleaseNumber')} noLabel={t('cancel')}>
          <p>
            <Trans t={t} i18nKey="plivoReleaseQuestion" values={{ number: page.phoneNumber }} components={{ number: <span className="font-mono" /> }} />
          </p>
          {/* With JavaScript a refused release keeps the dialog open (no reload after a 400): its reason shows here too. */}
          {refused?.intent === 'release' ? (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              {refused.message}
            </div>
          ) : null}
        </ConfirmDialog>
      ) : null}
      {page.stage !== 'terms' ? <ScreenPanel title={t('plivoAccount')}>{accountForm('account')}</ScreenPanel> : null}
    </div>
  )
}
