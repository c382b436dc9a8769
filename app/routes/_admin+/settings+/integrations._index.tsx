import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CircleCheck } from 'lucide-react'
import { HUB_GROUPS, integrationHubCards, NO_OTHER_INTEGRATIONS, type HubCard, type HubGroup } from '#server/integrations/integration-hub'
import { isMailingListConfigured } from '#server/mailing-list/mailing-list-store'
import { readCampaignSender } from '#server/email-sender/campaign-sender'
import { loadPaymentProvidersScreen } from '#server/payments/payment-provider-screen'
import { listMeetingConnections } from '#server/meetings/meeting-connections'
import { hasConnectedEmailAccount } from '#server/connected-emails/connected-email-accounts'
import { smsProviderOf } from '#server/sms/sms-settings-store'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import type { I18nHandle } from '#app/utils/i18n'
import { useIntegrationsWords, type IntegrationsKey } from '#app/components/integrations/use-integrations-words'
import { tFor } from '#server/i18n/server-translator'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Third Party Settings' }]

export const handle: I18nHandle = { i18n: ['integrations'] }

/** The hub's words by group and card; brand names (Stripe, Twilio...) are the same in every language. */
const GROUP_WORDS: Record<HubGroup, IntegrationsKey> = {
  Payments: 'hubPayments',
  'SMS Marketing': 'hubSmsMarketing',
  Campaign: 'hubCampaign',
  Communication: 'hubCommunication',
  Email: 'hubEmail',
}
const CARD_NAMES: Partial<Record<string, IntegrationsKey>> = { campaigns: 'hubEmailCampaigns', meeting: 'hubOnlineMeeting', emails: 'hubConnectEmail' }
const CARD_TEXTS: Partial<Record<string, IntegrationsKey>> = {
  stripe: 'hubStripeText',
  nelnet: 'hubNelnetText',
  razorpay: 'hubRazorpayText',
  phonepe: 'hubPhonepeText',
  twilio: 'hubTwilioText',
  plivo: 'hubPlivoText',
  mailchimp: 'hubMailchimpText',
  meeting: 'hubMeetingText',
  emails: 'hubEmailsText',
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const tenantId = requireTenant(context).id
  const [payments, sender, mailingListConfigured, meetings, emailIsConnected, smsProvider] = await Promise.all([
    loadPaymentProvidersScreen(context.platform, tenantId),
    readCampaignSender(context.platform, tenantId),
    isMailingListConfigured(context.platform, tenantId),
    listMeetingConnections(context.platform, tenantId),
    hasConnectedEmailAccount(context.platform, tenantId),
    smsProviderOf(context.platform, tenantId),
  ])
  return {
    title: tFor(context.language, 'integrations')('hubTitle'),
    cards: integrationHubCards(payments, {
      ...NO_OTHER_INTEGRATIONS,
      mailingListConfigured,
      smsProvider,
      oauthProviders: meetings.map((connection) => connection.provider),
      emailIsConnected,
      campaignIsConnected: sender.isConnected,
      campaignVerificationStatus: sender.verificationStatus,
    }),
  }
}

/** Settings > Integrations (settings spec, "Integrations hub (Third Party Settings)"): cards by group, a green check on what is integrated. */
export default function IntegrationsHubRoute() {
  const { cards } = useLoaderData<typeof loader>()
  const { t } = useIntegrationsWords()
  return (
    <div className="mx-auto flex max-w-5xl flex-col p-4 sm:p-6">
      <ScreenHeader title={t('hubTitle')} backTo="/settings" />
      <div className="flex flex-col gap-6">
        <HubGroupView group="Payments" cards={cards} columns="sm:grid-cols-2 lg:grid-cols-4" />
        {/* The other groups hold one card each: side by side, each under its heading. */}
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {HUB_GROUPS.filter((group) => group !== 'Payments').map((group) => (
            <HubGroupView key={group} group={group} cards={cards} columns="" />
          ))}
        </div>
      </div>
    </div>
  )
}

function HubGroupView({ group, cards, columns }: { group: HubGroup; cards: readonly HubCard[]; columns: string }) {
  const { t } = useIntegrationsWords()
  return (
    <section aria-labelledby={`hub-${group}`}>
      <h2 id={`hub-${group}`} className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t(GROUP_WORDS[group])}
      </h2>
      <ul className={`grid gap-3 ${columns}`}>
        {cards
          .filter((card) => card.group === group)
          .map((card) => (
            <li key={card.key}>
              <HubCardView card={card} />
            </li>
          ))}
      </ul>
    </section>
  )
}

function HubCardView({ card }: { card: HubCard }) {
  const { t } = useIntegrationsWords()
  const nameKey = CARD_NAMES[card.key]
  const textKey = CARD_TEXTS[card.key]
  const body = (
    <>
      <span className="flex items-center gap-2">
        <span className="text-base font-semibold text-slate-900">{nameKey ? t(nameKey) : card.name}</span>
        {card.isIntegrated ? (
          <span className="ml-auto inline-flex items-center gap-1 text-xs font-medium text-emerald-700">
            <CircleCheck aria-hidden className="h-5 w-5 text-emerald-600" />
            {t('integrated')}
          </span>
        ) : null}
      </span>
      {card.text ? <span className="text-sm text-slate-600">{textKey ? t(textKey) : card.text}</span> : null}
      {card.href ? null : <span className="text-sm text-slate-500">{t('notAvailableYet')}</span>}
    </>
  )
  const box = 'flex h-full min-h-24 flex-col gap-2 rounded-xl border bg-white p-4 shadow-sm'
  if (!card.href) return <div className={`${box} border-dashed border-slate-300`}>{body}</div>
  return (
    <Link
      to={card.href}
      reloadDocument={card.href.startsWith('/oauth/')}
      className={`${box} border-slate-200 hover:border-brand hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text`}
    >
      {body}
    </Link>
  )
}
