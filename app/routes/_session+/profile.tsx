import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { UserRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '#app/components/ui/empty-state'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { ProfileForm } from '#app/components/layout/profile-form'
import { ContactAvatar } from '#app/components/contacts/profile/contact-avatar'
import { ContactPictureForm } from '#app/components/contacts/profile/contact-picture-form'
import { StaffShell } from '#app/components/layout/staff-shell'
import { StudentShell } from '#app/components/layout/student-shell'
import { SavedCardsSection } from '#app/components/payments/saved-cards-section'
import { AddCardForm } from '#app/components/payments/add-card-form'
import { readStripeAddCardView } from '#server/payments/stripe-pay-view'
import { ADD_CARD_MESSAGES, keepHostedSetupCard, keepSetupCard, startStripeSetupCheckout } from '#server/payments/stripe-setup'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { listContactSavedMethods } from '#server/payments/saved-payment-methods'
import { removeSavedPaymentMethod } from '#server/payments/remove-saved-method'
import { readSessionToken } from '#server/auth/session-cookie'
import { initialsOf } from '#server/contacts/profile/contact-name'
import { changeContactPicture } from '#server/contacts/profile/contact-picture.server'
import { isPictureFormFailure, isPictureIntent, type PictureFormFailure } from '#server/contacts/profile/picture-form'
import { readUploadForm } from '#server/files/read-upload-form'
import { loadProfile } from '#server/profile/load-profile'
import { PROFILE_MESSAGES, profileFormSchema } from '#server/profile/profile-schema'
import { updateProfile } from '#server/profile/update-profile'
import { LANGUAGE_MESSAGES, languageFormSchema, saveContactLanguage } from '#server/profile/contact-language'
import { PORTAL_MESSAGES } from '#server/portal/portal-messages'
import { languageCookie } from '#server/i18n/language-cookie'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'
import { ProfileLanguageForm } from '#app/components/layout/profile-language-form'
import { portalToast } from '#app/utils/portal-toast.server'
import { statusOf } from '#server/errors/error-codes'
import { isRole, isStaffRole, roleTitle } from '#server/shell/roles'
import { requireUser } from '#app/utils/auth.server'
import { PAGE_NOT_FOUND_PATH, signedInShellFor } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'

/** The portal's words, and the checkout's for the Add a card form. */
export const handle: I18nHandle = { i18n: ['portal', 'checkout'] }

/** What a student finds of their own from the profile. */
const MY_RECORDS = [
  { to: '/myform', label: 'myForms', what: 'myFormsWhat' },
  { to: '/mydonation', label: 'myDonations', what: 'myDonationsWhat' },
  { to: '/invoices', label: 'invoices', what: 'invoicesWhat' },
] as const

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'My Profile')

/**
 * My Profile, for staff and students alike, inside the signed-in person's own layout. Visitors
 * get the website's 404 page, like any staff or student address.
 */
async function requireProfileUser(request: Request, context: LoaderFunctionArgs['context']) {
  const tenant = requireTenant(context)
  if (!readSessionToken(request.headers.get('Cookie'))) throw redirect(PAGE_NOT_FOUND_PATH)
  return { tenant, user: (await requireUser(request, context)).user }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user } = await requireProfileUser(request, context)
  const kind = isStaffRole(user.role) ? 'staff' : 'student'
  // Back from Add a card: the SetupIntent is read from Stripe and its card kept, once; the address is cleaned.
  const returned = new URL(request.url).searchParams
  const setupIntentId = returned.get('setup_intent')
  const setupSessionId = returned.get('setup_session')
  if (setupIntentId || setupSessionId) {
    const now = new Date()
    const kept = setupIntentId
      ? await keepSetupCard(context.platform, tenant, { setupIntentId, contactId: user.contactId, now })
      : await keepHostedSetupCard(context.platform, tenant, { sessionId: setupSessionId ?? '', contactId: user.contactId, now })
    throw redirectWithToast('/profile', kept ? { type: 'success', message: ADD_CARD_MESSAGES.added } : { type: 'error', message: ADD_CARD_MESSAGES.notAdded })
  }
  const { headers, ...shell } = await signedInShellFor(request, context, { tenant, user, kind })
  const profile = await loadProfile(context.platform.database, tenant, user.contactId)
  const savedCards = profile ? await listContactSavedMethods(context.platform, tenant.id, user.contactId, context.language) : []
  // Remove's confirmation, drawn at its own address so it works without JavaScript.
  const removeCard = new URL(request.url).searchParams.get('removeCard')
  const removing = savedCards.find((card) => card.id === removeCard) ?? null
  const addCard = profile ? await readStripeAddCardView(context.platform, tenant) : null
  // A student's toast in the portal's words (the shell already put a staff toast in the page's language).
  const toast = kind === 'student' ? portalToast(shell.toast, context.language) : shell.toast
  const title = tFor(context.language, 'portal')('myProfile')
  const roleLabel = kind === 'student' ? tFor(context.language, 'portal')('roleStudent') : isRole(user.role) ? tFor(context.language, 'staff')(`role_${user.role}`) : roleTitle(user.role)
  return data({ ...shell, title, profileMessages: translateMessages(context.language, PROFILE_MESSAGES), toast, profile, savedCards, removing, addCard, roleLabel, language: user.language ?? context.language }, { headers })
}

const KEPT_BY_MASTER = PORTAL_MESSAGES.keptByMaster

/** The details form, or the picture form (a multipart post, intent upload-picture or remove-picture). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, user } = await requireProfileUser(request, context)
  const upload = await readUploadForm(request)
  const intent = upload.form.get('intent')
  if (intent === 'add-card') {
    // Without JavaScript a card is saved on Stripe's own page (with it, in the page: add-card-form.tsx).
    const keys = { tenantId: tenant.id, ip: context.ip, email: user.email }
    const allowed = await context.platform.attemptLimiter.check('card-setup', keys)
    if (!allowed.ok) return redirectWithToast('/profile', { type: 'error', message: allowed.message })
    const started = await startStripeSetupCheckout(context.platform, tenant, { contactId: user.contactId, origin: tenantOrigin(tenant, new URL(request.url), context.platform.env) })
    if (started.kind !== 'redirect') return redirectWithToast('/profile', { type: 'error', message: started.message })
    await context.platform.attemptLimiter.record('card-setup', keys)
    return redirect(started.url, 303)
  }
  if (intent === 'remove-card') {
    const cardId = upload.form.get('cardId')
    const removed = await removeSavedPaymentMethod(context.platform, tenant, { id: typeof cardId === 'string' ? cardId : '', contactId: user.contactId })
    return redirectWithToast('/profile', removed.ok ? { type: 'success', message: removed.value.message } : { type: 'error', message: removed.message })
  }
  if (intent === 'language') {
    // Kept on the person and in this browser's cookie, which would otherwise outrank it here.
    const chosen = languageFormSchema.safeParse(Object.fromEntries(upload.form))
    if (!chosen.success) return redirectWithToast('/profile', { type: 'error', message: LANGUAGE_MESSAGES.notSaved })
    const saved = await saveContactLanguage(context.platform, tenant, user.contactId, chosen.data.language)
    if (!saved.ok) return redirectWithToast('/profile', { type: 'error', message: KEPT_BY_MASTER })
    const cookie = languageCookie(chosen.data.language, context.platform.env.isProduction)
    return redirectWithToast('/profile', { type: 'success', message: LANGUAGE_MESSAGES.saved }, { headers: { 'Set-Cookie': cookie } })
  }
  if (isPictureIntent(intent)) {
    // The person's own contact, from the session: the form names no one.
    const own = await loadProfile(context.platform.database, tenant, user.contactId)
    const changed = own
      ? await changeContactPicture({
          platform: context.platform,
          env: context.platform.env,
          tenant,
          actor: { contactId: user.contactId, ip: context.ip || null },
          unverifiedGuid: own.guId,
          intent,
          upload,
        })
      : null
    if (changed?.ok) return redirectWithToast('/profile', { type: 'success', message: changed.value.message })
    const refusal = !changed || changed.error === 'not_found' ? { message: KEPT_BY_MASTER, status: 400 } : { message: changed.message, status: statusOf(changed.error) }
    return data<PictureFormFailure>({ pictureForm: intent, message: translateMessage(context.language, refusal.message) }, { status: refusal.status })
  }
  const submission = parseWithZod(upload.form, { schema: profileFormSchema })
  if (submission.status !== 'success') return data(translatedReply(submission.reply(), context.language), { status: 400 })
  const saved = await updateProfile(context.platform, tenant, user.contactId, submission.value)
  if (!saved.ok) return data(translatedReply(submission.reply({ formErrors: [KEPT_BY_MASTER] }), context.language), { status: 400 })
  return redirectWithToast('/profile', { type: 'success', message: PORTAL_MESSAGES.profileUpdated })
}

export default function ProfileRoute() {
  const { shell, toast, sidebarFolded, session, profile, savedCards, removing, addCard, roleLabel, language, profileMessages } = useLoaderData<typeof loader>()
  const { t } = useTranslation('portal')
  const reply = useActionData<typeof action>()
  // The picture form reads its own refusals; the details form gets the rest.
  const lastResult = reply && !isPictureFormFailure(reply) ? reply : null
  const content = (
    <>
      <PageHeader title={t('myProfile')} description={t('profileDescription')} />
      {profile ? (
        <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
          <section aria-label={t('account')} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-4">
              <ContactAvatar pictureUrl={profile.pictureUrl} initials={initialsOf(profile.firstName, profile.lastName, profile.email || null)} />
              <div className="min-w-0">
                <p className="truncate text-lg font-semibold text-slate-900" data-testid="profile-name">
                  {`${profile.firstName} ${profile.lastName}`.trim()}
                </p>
                <p className="text-sm text-slate-500">{roleLabel}</p>
              </div>
            </div>
            <div className="mt-4">
              <ContactPictureForm
                action="/profile"
                hasPicture={profile.pictureUrl !== null}
                words={{
                  change: t('changePicture'),
                  add: t('addPicture'),
                  picture: t('picture'),
                  hint: t('pictureHint'),
                  preview: t('picturePreview'),
                  upload: t('uploadPicture'),
                  remove: t('removePicture'),
                }}
              />
            </div>
            <dl className="mt-6 space-y-3 text-sm">
              <div>
                <dt className="text-slate-500">{t('email')}</dt>
                <dd className="font-medium text-slate-900">{profile.email || '—'}</dd>
                {profile.email && !profile.isEmailVerified ? (
                  <dd className="mt-1 flex flex-wrap items-center gap-x-2 text-slate-600">
                    <span className="rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200">{t('emailNotVerified')}</span>
                    {/* The link is sent, then the student waits for it on the verification page. */}
                    {shell.kind === 'student' ? (
                      <Form method="post" action="/onboarding" className="inline">
                        <input type="hidden" name="intent" value="resend-verification" />
                        <button type="submit" className="font-medium text-brand-text hover:underline">
                          {t('verifyMyEmail')}
                        </button>
                      </Form>
                    ) : null}
                  </dd>
                ) : null}
              </div>
              <div>
                <dt className="text-slate-500">{t('phone')}</dt>
                <dd className="font-medium text-slate-900">{profile.phone || '—'}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('role')}</dt>
                <dd className="font-medium text-slate-900">{roleLabel}</dd>
              </div>
            </dl>
          </section>
          <section aria-label={t('editProfile')} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="mb-4 text-base font-semibold text-slate-900">{t('editDetails')}</h2>
            <ProfileForm
              defaults={{ firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone }}
              lastResult={lastResult}
              messages={profileMessages}
            />
            <ProfileLanguageForm language={language} />
          </section>
          {shell.kind === 'student' ? (
            <nav aria-labelledby="my-records-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 id="my-records-title" className="mb-3 text-base font-semibold text-slate-900">
                {t('yourRecords')}
              </h2>
              <ul className="space-y-2 text-sm">
                {MY_RECORDS.map((record) => (
                  <li key={record.to}>
                    <Link to={record.to} className="font-medium text-brand-text hover:underline">
                      {t(record.label)}
                    </Link>
                    <span className="text-slate-600"> · {t(record.what)}</span>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="min-w-0 lg:col-start-2">
            <SavedCardsSection methods={savedCards} removing={removing} addCard={addCard ? <AddCardForm view={addCard} /> : null} />
          </div>
        </div>
      ) : (
        <EmptyState icon={UserRound} title={t('franchiseProfileTitle')}>
          {t('franchiseProfileText')}
        </EmptyState>
      )}
    </>
  )
  return shell.kind === 'staff' ? (
    <StaffShell shell={shell} toast={toast} sidebarFolded={sidebarFolded} session={session}>
      {content}
    </StaffShell>
  ) : (
    <StudentShell shell={shell} toast={toast} session={session}>
      {content}
    </StudentShell>
  )
}

/** A refused details form with its messages in the page's language. */
function translatedReply<R extends { error?: Record<string, string[] | null> | null }>(reply: R, language: Parameters<typeof translateMessage>[0]): R {
  if (!reply.error) return reply
  const error = Object.fromEntries(Object.entries(reply.error).map(([name, messages]) => [name, messages ? messages.map((message) => translateMessage(language, message)) : messages]))
  return { ...reply, error }
}
