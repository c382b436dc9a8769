import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Check, MailWarning } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { StudentVerification } from '#app/components/onboarding/student-verification'
import type { I18nHandle } from '#app/utils/i18n'
import { requireUser } from '#app/utils/auth.server'
import { PAGE_NOT_FOUND_PATH } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { readSessionToken } from '#server/auth/session-cookie'
import { requestEmailVerification } from '#server/contacts/actions/request-email-verification'
import { readUploadForm } from '#server/files/read-upload-form'
import { tFor } from '#server/i18n/server-translator'
import type { Language } from '#server/i18n/languages'
import { translateMessage } from '#server/i18n/translate-message'
import { BUSINESS_SIZES, BUSINESS_TYPES, LAST_STEP, ONBOARDING_COUNTRIES, ONBOARDING_MESSAGES, ONBOARDING_STEPS, STUDENT_VERIFICATION_RECHECK_SECONDS, type StepErrors } from '#server/onboarding/onboarding-steps'
import type { ONBOARDING_COUNTRY_CODES } from '#server/shell/dial-codes'
import { isEmailVerified, loadOnboardingView, type OnboardingView } from '#server/onboarding/onboarding-view'
import { saveOnboardingStep } from '#server/onboarding/save-onboarding'
import { unreadableForm } from '#server/settings/screen-form'
import { isStaffRole } from '#server/shell/roles'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Onboarding' }, { name: 'robots', content: 'noindex' }]

const STUDENT_HOME = '/classes'
const STAFF_HOME = '/dashboard'

/** The wizard's staff draw with the platform's words; the student's wait with the portal's. */
export const handle: I18nHandle = { i18n: ['portal', 'platform'] }

/**
 * The onboarding wizard (spec 002 2.8), outside the back office's frame: "the app chrome shows
 * again" once it is done. Only staff of a new tenant take it. A student comes here to wait for
 * their email to be verified, and goes on to their classes once it is; anyone else goes on.
 */
async function requireOnboardingUser(request: Request, context: LoaderFunctionArgs['context']) {
  const tenant = requireTenant(context)
  if (!readSessionToken(request.headers.get('Cookie'))) throw redirect(PAGE_NOT_FOUND_PATH)
  const { user } = await requireUser(request, context)
  if (isStaffRole(user.role)) {
    if (!tenant.settings.isNewTenant) throw redirect(STAFF_HOME)
    return { tenant, user, who: 'staff' as const }
  }
  // Staff previewing the portal have no address of their own to verify here.
  if (user.isStudentPreview || (await isEmailVerified(context.platform, tenant.id, user.contactId))) throw redirect(STUDENT_HOME)
  return { tenant, user, who: 'student' as const }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user, who } = await requireOnboardingUser(request, context)
  if (who === 'student') {
    const wait: LoaderAnswer = { who, title: tFor(context.language, 'portal')('verifyEmailTitle'), email: user.email, recheckSeconds: STUDENT_VERIFICATION_RECHECK_SECONDS }
    return data(wait, { headers: { 'Cache-Control': 'no-store' } })
  }
  const view = await loadOnboardingView(context.platform, tenant, user, new URL(request.url).searchParams.get('step'))
  const wizard: LoaderAnswer = { who, title: tFor(context.language, 'platform')('onboardingTitle'), messages: clientMessages(context.language), ...view }
  return data(wizard, { headers: { 'Cache-Control': 'no-store' } })
}

/** The messages the page shows before posting (Next with a required item missing, a phone left empty). */
type ClientMessages = { missingFields: string; phoneRequired: string }

const clientMessages = (language: Language): ClientMessages => ({
  missingFields: translateMessage(language, ONBOARDING_MESSAGES.missingFields),
  phoneRequired: translateMessage(language, ONBOARDING_MESSAGES.phoneRequired),
})

const translatedFieldErrors = (language: Language, fieldErrors: StepErrors): StepErrors =>
  Object.fromEntries(Object.entries(fieldErrors).map(([name, messages]) => [name, messages.map((message) => translateMessage(language, message))]))

type LoaderAnswer = ({ who: 'staff'; title: string; messages: ClientMessages } & OnboardingView) | { who: 'student'; title: string; email: string; recheckSeconds: number }

type ActionAnswer =
  | { kind: 'refused'; step: number; message: string; fieldErrors: Record<string, string[]>; values: Record<string, string> }
  | { kind: 'verification'; ok: boolean; message: string }

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, user, who } = await requireOnboardingUser(request, context)
  const upload = await readUploadForm(request)
  if (upload.malformed) return data({ kind: 'refused', step: 0, message: translateMessage(context.language, unreadableForm().formError), fieldErrors: {}, values: {} } satisfies ActionAnswer, { status: 400 })
  const intent = upload.form.get('intent')
  if (intent === 'resend-verification') {
    const sent = await requestEmailVerification(context.platform, {
      tenant,
      unverifiedGuid: user.guid,
      actor: { contactId: user.contactId, fullName: user.fullName, ip: context.ip || null },
      requestUrl: new URL(request.url),
      // The person asks for their own address: the email reads in their page's language.
      language: context.language,
    })
    const message = sent.ok ? ONBOARDING_MESSAGES.verificationSent : (sent.message ?? ONBOARDING_MESSAGES.verificationNotSent)
    const answer: ActionAnswer = { kind: 'verification', ok: sent.ok, message: translateMessage(context.language, message) }
    return data(answer, { status: sent.ok ? 200 : 400 })
  }
  if (who === 'student') return redirect('/onboarding')
  const step = Number(upload.form.get('step'))
  if (!Number.isInteger(step) || step < 0 || step > Math.min(tenant.settings.onBoardingStep, LAST_STEP)) return redirect('/onboarding')
  const saved = await saveOnboardingStep(context.platform, tenant, step, upload)
  if (!saved.ok) {
    const refused: ActionAnswer = { kind: 'refused', message: translateMessage(context.language, saved.message), ...saved.details, fieldErrors: translatedFieldErrors(context.language, saved.details.fieldErrors) }
    return data(refused, { status: 400 })
  }
  return redirect(saved.value.kind === 'done' ? STAFF_HOME : `/onboarding?step=${saved.value.step}`)
}

export default function OnboardingRoute() {
  const loaded = useLoaderData<typeof loader>() as LoaderAnswer
  const answer = useActionData<typeof action>() as ActionAnswer | undefined
  if (loaded.who === 'student') {
    return <StudentVerification email={loaded.email} recheckSeconds={loaded.recheckSeconds} answer={answer?.kind === 'verification' ? answer : null} />
  }
  return <OnboardingWizard view={loaded} answer={answer} />
}

type WizardView = OnboardingView & { messages: ClientMessages }

function OnboardingWizard({ view, answer }: { view: WizardView; answer: ActionAnswer | undefined }) {
  const { t } = useTranslation('platform')
  const refused = answer?.kind === 'refused' && answer.step === view.step ? answer : null
  return (
    <main className="min-h-screen bg-slate-50 px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-5xl flex-col gap-6 lg:flex-row lg:items-start">
        {view.unverified ? <VerificationPanel who={view.unverified} answer={answer?.kind === 'verification' ? answer : null} /> : null}
        <section aria-labelledby="onboarding-title" className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <StepList current={view.step} />
          <h1 id="onboarding-title" className="mt-6 text-2xl font-semibold text-slate-900">
            {t(stepTitleKey(view.step))}
          </h1>
          {refused ? (
            <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
              {refused.message}
            </p>
          ) : null}
          {view.step === 0 ? <BusinessProfileStep view={view} refused={refused} /> : null}
          {view.step === 1 ? <BusinessInformationStep view={view} refused={refused} /> : null}
          {view.step === 2 ? <ProductsStep view={view} /> : null}
        </section>
      </div>
    </main>
  )
}

type Refused = Extract<ActionAnswer, { kind: 'refused' }> | null

const stepTitleKey = (step: number) => `onboardingStep_${Math.min(Math.max(step, 0), LAST_STEP) as 0 | 1 | 2}` as const

/** The onboarding countries are the ones of ONBOARDING_COUNTRY_CODES: their words are keyed by code. */
const countryCodeOf = (code: string) => code as (typeof ONBOARDING_COUNTRY_CODES)[number]

function StepList({ current }: { current: number }) {
  const { t } = useTranslation('platform')
  return (
    <ol className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" aria-label={t('onboardingStepsLabel')}>
      {ONBOARDING_STEPS.map((english, index) => {
        const title = t(stepTitleKey(index))
        const done = index < current
        const here = index === current
        return (
          <li key={english} aria-current={here ? 'step' : undefined} className="flex items-center gap-2">
            <span
              className={[
                'flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                here ? 'bg-brand text-on-brand' : done ? 'bg-emerald-600 text-white' : 'border border-slate-300 bg-white text-slate-600',
              ].join(' ')}
            >
              {done ? <Check aria-hidden className="h-4 w-4" /> : index + 1}
            </span>
            <span className={here ? 'font-semibold text-slate-900' : 'text-slate-600'}>{title}</span>
          </li>
        )
      })}
    </ol>
  )
}

function StepButtons({ step }: { step: number }) {
  const { t } = useTranslation('platform')
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('step') === String(step)
  return (
    <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-100 pt-5">
      {step > 0 ? (
        <Link to={`/onboarding?step=${step - 1}`} className="text-sm font-medium text-brand-text hover:underline">
          {t('onboardingBack')}
        </Link>
      ) : (
        <span />
      )}
      <Button type="submit" variant="primary" busy={busy}>
        {step === LAST_STEP ? t('onboardingFinish') : t('onboardingNext')}
      </Button>
    </div>
  )
}

const valueOf = (view: OnboardingView, refused: Refused, name: keyof OnboardingView['values']) => refused?.values[name] ?? view.values[name]

function ChoiceGroup({ name, legend, options, chosen, errors }: { name: string; legend: string; options: ReadonlyArray<{ value: string; label: string }>; chosen: string; errors?: string[] }) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errors?.length ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">
        {legend}
        <span aria-hidden className="text-red-700">
          {' '}
          *
        </span>
      </legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {options.map((option) => (
          <label key={option.value} className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/5">
            <input type="radio" name={name} value={option.value} defaultChecked={chosen === option.value} required className="accent-brand" />
            {option.label}
          </label>
        ))}
      </div>
      {errors?.length ? (
        <p id={`${name}-error`} className="text-sm text-red-700">
          {errors.join(' ')}
        </p>
      ) : null}
    </fieldset>
  )
}

function BusinessProfileStep({ view, refused }: { view: OnboardingView; refused: Refused }) {
  const { t } = useTranslation('platform')
  const types = BUSINESS_TYPES.map((type) => ({ value: type.value, label: t(`onboardingBusinessType_${type.value}`) }))
  const sizes = BUSINESS_SIZES.map((size) => ({ value: size.value, label: t(`onboardingBusinessSize_${size.value}`) }))
  return (
    <Form method="post" className="mt-6 flex flex-col gap-6">
      <input type="hidden" name="step" value="0" />
      <ChoiceGroup name="businessType" legend={t('onboardingBusinessTypeQuestion')} options={types} chosen={valueOf(view, refused, 'businessType')} errors={refused?.fieldErrors.businessType} />
      <ChoiceGroup name="businessSize" legend={t('onboardingBusinessSizeQuestion')} options={sizes} chosen={valueOf(view, refused, 'businessSize')} errors={refused?.fieldErrors.businessSize} />
      <Field id="businessReferer" label={t('onboardingRefererQuestion')} errors={refused?.fieldErrors.businessReferer}>
        {(control) => <input {...control} name="businessReferer" defaultValue={valueOf(view, refused, 'businessReferer')} maxLength={255} className={FIELD_INPUT_CLASSES} />}
      </Field>
      <StepButtons step={0} />
    </Form>
  )
}

function BusinessInformationStep({ view, refused }: { view: WizardView; refused: Refused }) {
  const { t } = useTranslation('platform')
  const [country, setCountry] = useState(valueOf(view, refused, 'country'))
  const [timezone, setTimezone] = useState(valueOf(view, refused, 'timezone'))
  // Without JavaScript the country cannot narrow the zones: all are offered, the server checks the pair.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const chosen = ONBOARDING_COUNTRIES.find((entry) => entry.code === country) ?? ONBOARDING_COUNTRIES[0]
  // "'Phone number is required.' shows when phone touched and empty"; Next with a required item
  // missing shows the spec's alert instead of posting.
  const [phoneTouched, setPhoneTouched] = useState(false)
  const [phoneEmpty, setPhoneEmpty] = useState(!valueOf(view, refused, 'phone'))
  const [missing, setMissing] = useState(false)
  const live: Record<string, string[]> = phoneTouched && phoneEmpty ? { phone: [view.messages.phoneRequired] } : {}
  const errors = { ...(refused?.fieldErrors ?? {}), ...live }
  const checkRequired = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget)
    const empty = ['name', 'country', 'timezone', 'phone'].some((name) => !String(form.get(name) ?? '').trim())
    setMissing(empty)
    if (!empty) return
    event.preventDefault()
    setPhoneTouched(true)
  }
  const changeCountry = (code: string) => {
    setCountry(code)
    // "Changing country sets the time zone to the first match and sets the dial code."
    const first = view.timeZones.find((entry) => entry.country === code)
    if (first) setTimezone(first.timeZone)
  }
  return (
    <Form method="post" encType="multipart/form-data" noValidate={hydrated} onSubmit={checkRequired} className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2">
      <input type="hidden" name="step" value="1" />
      {missing && !refused ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 sm:col-span-2">
          {view.messages.missingFields}
        </p>
      ) : null}
      <Field id="name" label={t('onboardingBusinessName')} required errors={errors.name} className="sm:col-span-2">
        {(control) => <input {...control} name="name" defaultValue={valueOf(view, refused, 'name')} maxLength={200} autoComplete="organization" className={FIELD_INPUT_CLASSES} />}
      </Field>
      <Field id="country" label={t('onboardingCountry')} required errors={errors.country}>
        {(control) => (
          <select {...control} name="country" value={country} onChange={(event) => changeCountry(event.currentTarget.value)} className={FIELD_INPUT_CLASSES}>
            {ONBOARDING_COUNTRIES.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {t(`onboardingCountryCode_${countryCodeOf(entry.code)}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="timezone" label={t('onboardingTimeZone')} required errors={errors.timezone}>
        {(control) => (
          <select {...control} name="timezone" value={timezone} onChange={(event) => setTimezone(event.currentTarget.value)} className={FIELD_INPUT_CLASSES}>
            {ONBOARDING_COUNTRIES.map((entry) => (
              <optgroup key={entry.code} label={t(`onboardingCountryName_${countryCodeOf(entry.code)}`)} disabled={hydrated && entry.code !== country}>
                {view.timeZones
                  .filter((zone) => zone.country === entry.code)
                  .map((zone) => (
                    <option key={zone.timeZone} value={zone.timeZone}>
                      {zone.timeZone}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        )}
      </Field>
      {/* The message takes the hint's place: a line appearing on blur would move Next under the pointer. */}
      <Field id="phone" label={t('onboardingPhone')} required errors={errors.phone} hint={errors.phone?.length ? undefined : t('onboardingPhoneHint', { mask: chosen?.mask ?? '' })}>
        {(control) => (
          <div className="flex items-center gap-2">
            <span className="shrink-0 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-hidden>
              {chosen?.dialCode}
            </span>
            <input
              {...control}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              defaultValue={valueOf(view, refused, 'phone')}
              placeholder={chosen?.mask}
              onBlur={() => setPhoneTouched(true)}
              onChange={(event) => setPhoneEmpty(!event.currentTarget.value.trim())}
              className={`${FIELD_INPUT_CLASSES} min-w-0 flex-1`}
            />
          </div>
        )}
      </Field>
      <Field id="website" label={t('onboardingWebsite')} errors={errors.website}>
        {(control) => <input {...control} name="website" type="text" inputMode="url" autoComplete="url" defaultValue={valueOf(view, refused, 'website')} placeholder="https://www.example.com" className={FIELD_INPUT_CLASSES} />}
      </Field>
      <div className="flex items-center gap-4 sm:col-span-2">
        <div className="flex h-16 w-28 shrink-0 items-center justify-center overflow-hidden rounded-md border border-dashed border-slate-300 bg-slate-50">
          {view.values.logo ? <img src={view.values.logo} alt={t('onboardingCurrentLogo')} className="max-h-full max-w-full object-contain" /> : <span className="text-xs text-slate-600">{t('onboardingNoLogo')}</span>}
        </div>
        <Field id="logo" label={t('onboardingLogo')} errors={errors.logo} className="min-w-0 flex-1">
          {(control) => (
            <input
              {...control}
              type="file"
              name="upload[logo]"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand/10 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-text"
            />
          )}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <StepButtons step={1} />
      </div>
    </Form>
  )
}

function ProductsStep({ view }: { view: OnboardingView }) {
  const { t } = useTranslation('platform')
  return (
    <Form method="post" className="mt-6 flex flex-col gap-3">
      <input type="hidden" name="step" value="2" />
      <p className="text-sm text-slate-600">{t('onboardingProductsIntro')}</p>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {view.products.map((product) => (
          <li key={product.name}>
            <label className="flex cursor-pointer items-center justify-between gap-3 rounded-md border border-slate-300 bg-white px-4 py-3 text-sm font-medium text-slate-800 has-[:disabled]:cursor-default has-[:checked]:border-brand">
              {t(`onboardingProduct_${product.name}`)}
              <input
                type="checkbox"
                role="switch"
                name={product.name}
                defaultChecked={product.on}
                disabled={product.alwaysOn}
                className="peer sr-only"
              />
              <span aria-hidden className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:left-0.5 after:top-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:transition-transform peer-checked:bg-brand peer-checked:after:translate-x-5 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-text peer-disabled:opacity-70" />
            </label>
          </li>
        ))}
      </ul>
      <StepButtons step={2} />
    </Form>
  )
}

function VerificationPanel({ who, answer }: { who: { name: string; email: string }; answer: Extract<ActionAnswer, { kind: 'verification' }> | null }) {
  const { t } = useTranslation('platform')
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'resend-verification'
  return (
    <aside aria-labelledby="verify-title" className="rounded-lg border border-amber-200 bg-amber-50 p-5 lg:w-72 lg:shrink-0">
      <MailWarning aria-hidden className="h-6 w-6 text-amber-700" />
      <h2 id="verify-title" className="mt-2 font-semibold text-slate-900">
        {t('onboardingVerifyTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        <Trans t={t} i18nKey="onboardingVerifySentTo" values={{ name: who.name, email: who.email }} components={{ email: <span className="break-all font-medium" /> }} />
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="resend-verification" />
        <Button type="submit" variant="secondary" size="sm" busy={busy}>
          {t('onboardingResend')}
        </Button>
      </Form>
      {answer ? (
        <p role="status" className={`mt-3 text-sm ${answer.ok ? 'text-emerald-800' : 'text-red-800'}`}>
          {answer.message}
        </p>
      ) : null}
    </aside>
  )
}
