import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { useTranslation } from 'react-i18next'
import { translateMessage } from '#server/i18n/translate-message'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { CalendarDays, CircleCheck, MapPin, Users } from 'lucide-react'
import { z } from 'zod'
import { BuyForm, hasOnlinePrice } from '#app/components/catalog/public/buy-form'
import { ItemDetail } from '#app/components/catalog/public/item-detail'
import { JsonLdScript } from '#app/components/catalog/public/json-ld-script'
import { HowToBuy, PriceList, StateNotice } from '#app/components/catalog/public/purchase-panel'
import { PublicLayout, PublicNotFoundPage } from '#app/components/public-layout'
import { buttonClasses } from '#app/components/ui/button'
import { getSessionUser } from '#app/utils/auth.server'
import { loadPublicPage } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { getToast, redirectWithToast } from '#app/utils/toast.server'
import type { SessionUser } from '#server/auth/session-user'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { readsCachedData } from '#server/cache/cache-reads'
import { itemPageHead } from '#server/catalog/public/item-seo'
import { notFoundHead } from '#app/components/layout/page-title'
import { eventJsonLd, jsonLdScriptText } from '#server/catalog/public/json-ld'
import { isPublicListingShown } from '#server/catalog/public/public-item-gates'
import { eventHref, loadPublicEvent, type EventPageView } from '#server/catalog/public/public-item-pages'
import { REGISTER_POST_MESSAGES, REGISTRATION_MESSAGES, registerForFreeEvent } from '#server/catalog/public/register-for-event'
import { notFound } from '#server/errors/responses'
import { meetingUrlForRegisteredEvent } from '#server/meetings/meeting-links'
import { shareableLoaderHeaders, shareablePageHeaders } from '#server/http/page-cache'
import { loginPathFor } from '#server/shell/landing-path'
import { takesCardPayments } from '#server/payments/card-payments'

/** A signed-in person who may take a place for themselves: previews only look. */
function registrantOf(user: SessionUser | null): SessionUser | null {
  return user && !user.isPreviewMode && !user.isStudentPreview && user.previewedByContactId === null ? user : null
}

/** /events/details/{slug}: one event, its prices and its Register button (404 for anything a visitor may not see). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const shown = isPublicListingShown(tenant.settings, 'events')
  const loaded = await loadPublicPage(context, { tenant, user, pageName: shown ? 'events' : null })
  const now = new Date()
  const found = shown ? await loadPublicEvent(context.platform.database, tenant, params.slug ?? '', now, registrantOf(user)?.contactId ?? null, await takesCardPayments(context.platform, tenant.id), context.language) : null
  if (!found) return data({ shell: loaded.shell, view: null }, { status: 404 })
  readsCachedData(context, 'catalog', 'tenant', 'site')
  const event = found.page
  const path = eventHref(event.slug)
  const origin = tenantOrigin(tenant, new URL(request.url), context.platform.env)
  const site = { origin, path, organisationName: loaded.shell.site.title }
  const head = itemPageHead(event, { origin, path, siteTitle: loaded.shell.site.title, description: event.summary || `${event.name}: ${event.when.start.text}`, type: 'article' })
  // The online meeting only for a registrant on it; such a page is signed in, so never shared or kept.
  const registrant = registrantOf(user)
  const meetingUrl = registrant && event.isRegistered ? await meetingUrlForRegisteredEvent(context.platform, tenant.id, registrant.contactId, event.guid) : null
  const { toast, headers: toastHeaders } = getToast(request)
  const headers = new Headers(toastHeaders ?? undefined)
  const shareable = user || toast ? undefined : shareablePageHeaders(request, { changesAt: found.nextChangeAt ? new Date(found.nextChangeAt) : null, now })
  for (const [name, value] of Object.entries(shareable ?? {})) headers.set(name, value)
  return data(
    {
      shell: loaded.shell,
      view: {
        event,
        head,
        jsonLd: jsonLdScriptText(eventJsonLd(event, site)),
        listingTitle: loaded.page?.title || tFor(context.language, 'listings')('events'),
        viewer: user === null ? ('visitor' as const) : registrant ? ('registrant' as const) : ('preview' as const),
        meetingUrl,
        loginHref: loginPathFor(path),
        registerHref: `/register?redirectTo=${encodeURIComponent(path)}`,
        toast: toast ? { ...toast, message: translateMessage(context.language, toast.message) } : null,
      },
    },
    { headers },
  )
}

const registerIntent = z.object({ intent: z.literal('register') })

/** Register: a signed-in person takes a place at a free event at once; a visitor is sent to sign in first. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const tenant = requireTenant(context)
  if (!isPublicListingShown(tenant.settings, 'events')) throw notFound()
  const slug = params.slug ?? ''
  const path = eventHref(slug)
  const user = await getSessionUser(request, context)
  if (!user) throw redirect(loginPathFor(path))
  const parsed = registerIntent.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return redirectWithToast(path, { type: 'error', message: REGISTER_POST_MESSAGES.pressRegister })
  const registrant = registrantOf(user)
  if (!registrant) return redirectWithToast(path, { type: 'error', message: REGISTER_POST_MESSAGES.preview })
  const outcome = await registerForFreeEvent(context.platform, { tenantId: tenant.id, contactId: registrant.contactId, unverifiedSlug: slug, now: new Date() })
  if (outcome === 'not-found') throw notFound()
  return redirectWithToast(path, REGISTRATION_MESSAGES[outcome])
}

export const headers: HeadersFunction = shareableLoaderHeaders

/** The item page's words (prices, states, the buy form) come with the page. */
export const handle: I18nHandle = { i18n: ['listings'] }


export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data?.view ? data.view.head : notFoundHead(matches))

export default function EventDetailsRoute() {
  const { shell, view } = useLoaderData<typeof loader>()
  const { t, i18n } = useTranslation('listings')
  if (!view) return <PublicNotFoundPage shell={shell} />
  const { event } = view
  return (
    <PublicLayout shell={shell}>
      {view.toast ? (
        <p role={view.toast.type === 'error' ? 'alert' : 'status'} className={`mb-6 rounded-lg border p-4 text-sm font-medium ${view.toast.type === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-emerald-200 bg-emerald-50 text-emerald-900'}`} data-toast={view.toast.type}>
          {view.toast.message}
        </p>
      ) : null}
      <ItemDetail
        kind="event"
        back={{ href: '/events', label: i18n.language === 'en' ? t('allOf', { listing: view.listingTitle.toLowerCase() }) : t('allEvents') }}
        name={event.name}
        image={event.image}
        summary={event.summary}
        descriptionHtml={event.descriptionHtml}
        facts={<EventFacts event={event} />}
        panel={<EventPanel event={event} viewer={view.viewer} loginHref={view.loginHref} registerHref={view.registerHref} meetingUrl={view.meetingUrl} />}
      />
      <JsonLdScript text={view.jsonLd} />
    </PublicLayout>
  )
}

function EventFacts({ event }: { event: EventPageView }) {
  const { t } = useTranslation('listings')
  return (
    <dl className="space-y-3 text-sm text-slate-700">
      <div className="flex items-start gap-2">
        <dt className="sr-only">{t('when')}</dt>
        <CalendarDays aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
        <dd>
          <time dateTime={event.when.start.dateTime}>{event.when.start.text}</time> – <time dateTime={event.when.end.dateTime}>{event.when.end.text}</time>
          <span className="block text-slate-600">{t('zoneTime', { zone: event.when.zoneText })}</span>
        </dd>
      </div>
      {event.venue ? (
        <div className="flex items-start gap-2">
          <dt className="sr-only">{t('where')}</dt>
          <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
          <dd>
            {event.venue.name ? <span className="block font-medium text-slate-800">{event.venue.name}</span> : null}
            {event.venue.lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </dd>
        </div>
      ) : null}
      {event.state === 'open' && event.placesLeftText ? (
        <div className="flex items-start gap-2">
          <dt className="sr-only">{t('places')}</dt>
          <Users aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
          <dd data-places-left>{event.placesLeftText}</dd>
        </div>
      ) : null}
    </dl>
  )
}

function EventPanel({ event, viewer, loginHref, registerHref, meetingUrl }: { event: EventPageView; viewer: 'visitor' | 'registrant' | 'preview'; loginHref: string; registerHref: string; meetingUrl: string | null }) {
  const { t, i18n } = useTranslation('listings')
  const prices = event.isFree ? null : <PriceList prices={event.prices} />
  if (event.isRegistered) {
    return (
      <div className="space-y-3">
        <p role="status" className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm font-medium text-emerald-900" data-registered>
          <CircleCheck aria-hidden className="h-5 w-5 shrink-0" />
          {t('registeredForEvent')}
        </p>
        {meetingUrl ? (
          <a href={meetingUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'primary', size: 'md' })} data-meeting-url>
            {t('joinMeeting')}
            <span className="sr-only">{t('opensInNewTab')}</span>
          </a>
        ) : null}
      </div>
    )
  }
  if (event.state !== 'open') {
    return (
      <div className="space-y-4">
        {prices}
        <StateNotice>
          {event.state === 'full' ? t('eventFullNotice') : event.state === 'closed' ? t('eventClosedNotice') : t('eventEndedNotice')}
        </StateNotice>
      </div>
    )
  }
  if (event.externalLink) {
    return (
      <div className="space-y-4">
        {prices}
        <a href={event.externalLink} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'primary', size: 'md' })}>
          {event.buttonLabel}
          <span className="sr-only">{t('opensOrganiserSite')}</span>
        </a>
      </div>
    )
  }
  if (!event.isFree) {
    return (
      <div className="space-y-4">
        {prices}
        {event.purchase.isCheckoutAvailable && hasOnlinePrice(event.prices) ? <BuyForm itemGuid={event.guid} prices={event.prices} label={event.buttonLabel} itemName={event.name} /> : <HowToBuy purchase={event.purchase} what="register" />}
      </div>
    )
  }
  return (
    <div className="space-y-4">
      <p className="text-lg font-semibold text-slate-900" data-price>
        {t('free')}
      </p>
      {viewer === 'registrant' ? (
        <Form method="post">
          <button type="submit" name="intent" value="register" className={buttonClasses({ variant: 'primary', size: 'md' }, 'w-full sm:w-auto')}>
            {event.buttonLabel}
          </button>
        </Form>
      ) : viewer === 'preview' ? (
        <StateNotice>{t('previewNoRegistration')}</StateNotice>
      ) : (
        <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-sign-in-to-register>
          <p className="text-sm text-slate-700">{t('signInToRegisterText')}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={loginHref} className={buttonClasses({ variant: 'primary', size: 'md' })}>
              {t('signInTo', { action: event.buttonLabel.toLocaleLowerCase(i18n.language) })}
            </Link>
            <Link to={registerHref} className={buttonClasses({ variant: 'secondary', size: 'md' })}>
              {t('createAccount')}
            </Link>
          </div>
        </div>
      )}
    </div>
  )
}
