import { Form, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { CustomInputControl } from '#app/components/forms/custom-input-control'
import type { BuyerRefusal } from '#server/checkout/buyer-form'
import type { CheckoutPageView } from '#server/checkout/checkout-page'
import { BROWSER_EMAIL_PATTERN } from '#server/forms/email-pattern'

export interface BuyerFormState {
  message: string
  errors: BuyerRefusal['errors']
  values: Record<string, string>
}

/**
 * The checkout's user form (spec 002 User form) and the Place order button (Continue to payment
 * when there is something to pay). The browser's own
 * checks help, the server decides: without JavaScript a refused post comes back with each
 * field's message and what was typed.
 */
export function BuyerForm({ page, state, canPlace, payWith }: { page: CheckoutPageView; state: BuyerFormState | null; canPlace: boolean; payWith: string | null }) {
  const { t } = useTranslation('checkout')
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const placing = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'place'
  const value = (name: keyof CheckoutPageView['buyer']) => state?.values[name] ?? page.buyer[name]
  const paysByCard = (page.cart?.totals.totalMinor ?? 0) > 0
  const errorsOf = (field: string) => (state?.errors[field] ? [state.errors[field]] : null)
  /** What was typed in a field the page does not prefill. */
  const text = (name: string) => state?.values[name] ?? ''
  const aboutYouOpen = (['dob', 'emergencyContactName', 'emergencyContactPhone'] as const).some((field) => Boolean(state?.errors[field] || state?.values[field]))
  return (
    <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="buyer-heading" noValidate={false}>
      <h2 id="buyer-heading" className="text-base font-semibold text-slate-900">
        {t('yourDetails')}
      </h2>
      <input type="hidden" name="intent" value="place" />
      {/* With JavaScript the card is taken in the order page (Stripe's Payment Element) rather than on Stripe's page. */}
      {hydrated ? <input type="hidden" name="payInPage" value="1" /> : null}
      <input type="hidden" name="attempt" value={page.attempt} />
      {state?.message ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-checkout-error>
          {state.message}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="buyer-first-name" label={t('firstName')} required errors={errorsOf('firstName')}>
          {(control) => <input {...control} name="firstName" autoComplete="given-name" maxLength={100} defaultValue={value('firstName')} className={FIELD_INPUT_CLASSES} />}
        </Field>
        <Field id="buyer-last-name" label={t('lastName')} required errors={errorsOf('lastName')}>
          {(control) => <input {...control} name="lastName" autoComplete="family-name" maxLength={100} defaultValue={value('lastName')} className={FIELD_INPUT_CLASSES} />}
        </Field>
      </div>
      <Field id="buyer-email" label={t('email')} required errors={errorsOf('email')} hint={page.isSignedIn ? t('emailOfAccount') : t('receiptGoesHere')}>
        {(control) => (
          <input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            pattern={BROWSER_EMAIL_PATTERN}
            maxLength={254}
            defaultValue={value('email')}
            readOnly={page.isSignedIn}
            className={`${FIELD_INPUT_CLASSES} read-only:bg-slate-50`}
          />
        )}
      </Field>
      <Field id="buyer-phone" label={t('phone')} errors={errorsOf('phone')}>
        {(control) => <input {...control} type="tel" name="phone" autoComplete="tel" maxLength={30} defaultValue={value('phone')} className={FIELD_INPUT_CLASSES} />}
      </Field>
      {page.addressRequired ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">{t('address')}</legend>
          <Field id="buyer-address-line1" label={t('streetAddress')} required errors={errorsOf('addressLine1')}>
            {(control) => <input {...control} name="addressLine1" autoComplete="address-line1" maxLength={255} defaultValue={text('addressLine1')} className={FIELD_INPUT_CLASSES} />}
          </Field>
          <Field id="buyer-address-line2" label={t('addressLine2')} errors={errorsOf('addressLine2')}>
            {(control) => <input {...control} name="addressLine2" autoComplete="address-line2" maxLength={255} defaultValue={text('addressLine2')} className={FIELD_INPUT_CLASSES} />}
          </Field>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field id="buyer-city" label={t('city')} required errors={errorsOf('city')}>
              {(control) => <input {...control} name="city" autoComplete="address-level2" maxLength={100} defaultValue={text('city')} className={FIELD_INPUT_CLASSES} />}
            </Field>
            <Field id="buyer-state" label={t('state')} errors={errorsOf('state')}>
              {(control) => <input {...control} name="state" autoComplete="address-level1" maxLength={100} defaultValue={text('state')} className={FIELD_INPUT_CLASSES} />}
            </Field>
            <Field id="buyer-zip" label={t('zip')} required errors={errorsOf('zip')}>
              {(control) => <input {...control} name="zip" autoComplete="postal-code" maxLength={20} defaultValue={text('zip')} className={FIELD_INPUT_CLASSES} />}
            </Field>
          </div>
        </fieldset>
      ) : null}
      {page.questions ? <CheckoutQuestions questions={page.questions} text={text} errorsOf={errorsOf} /> : null}
      {/* Optional details the studio keeps on the contact; open when something in it was typed or refused. */}
      <details className="group rounded-md border border-slate-200 px-3 py-2" open={aboutYouOpen || undefined}>
        <summary className="cursor-pointer text-sm font-medium text-slate-700">{t('moreAboutYou')}</summary>
        <div className="mt-3 space-y-3">
          <Field id="buyer-dob" label={t('dateOfBirth')} errors={errorsOf('dob')}>
            {(control) => <input {...control} type="date" name="dob" autoComplete="bday" defaultValue={text('dob')} className={FIELD_INPUT_CLASSES} />}
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="buyer-emergency-name" label={t('emergencyContactName')} errors={errorsOf('emergencyContactName')}>
              {(control) => <input {...control} name="emergencyContactName" maxLength={255} defaultValue={text('emergencyContactName')} className={FIELD_INPUT_CLASSES} />}
            </Field>
            <Field id="buyer-emergency-phone" label={t('emergencyContactPhone')} errors={errorsOf('emergencyContactPhone')}>
              {(control) => <input {...control} type="tel" name="emergencyContactPhone" maxLength={30} defaultValue={text('emergencyContactPhone')} className={FIELD_INPUT_CLASSES} />}
            </Field>
          </div>
        </div>
      </details>
      <Field id="buyer-note" label={t('note')} errors={errorsOf('note')} hint={t('noteHint')}>
        {(control) => <textarea {...control} name="note" rows={3} maxLength={1000} defaultValue={value('note')} className={FIELD_INPUT_CLASSES} />}
      </Field>
      {page.waiver.required ? (
        <div className="space-y-1">
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" name="waiver" className="mt-0.5 h-4 w-4 accent-brand" aria-invalid={state?.errors.signedWaiver ? true : undefined} aria-describedby={state?.errors.signedWaiver ? 'buyer-waiver-error' : undefined} />
            <span>
              {t('acceptWaiverBefore')}{' '}
              {page.waiver.link ? (
                <a href={page.waiver.link} target="_blank" rel="noreferrer noopener" className="font-medium text-brand-text underline">
                  {t('waiver')}
                </a>
              ) : (
                t('waiver')
              )}
              .
            </span>
          </label>
          {state?.errors.signedWaiver ? (
            <p id="buyer-waiver-error" className="text-sm text-red-700">
              {state.errors.signedWaiver}
            </p>
          ) : null}
        </div>
      ) : null}
      {page.isSignedIn ? null : (
        <div className="space-y-1">
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" name="createAccount" defaultChecked={text('createAccount') === 'on'} className="mt-0.5 h-4 w-4 accent-brand" aria-describedby="buyer-account-hint" />
            <span>{t('createAccount')}</span>
          </label>
          <p id="buyer-account-hint" className="ml-6 text-xs text-slate-500">
            {t('createAccountHint')}
          </p>
        </div>
      )}
      {paysByCard && payWith ? (
        <p className="text-sm text-slate-600">
          {payWith === 'PaymentSpring'
            ? t('payByCardOrBank', { total: page.cart?.totals.total })
            : payWith === 'Stripe' && hydrated
              ? t('payByCardNext', { total: page.cart?.totals.total })
              : t(payWith === 'Stripe' ? 'payByCardOnProviderPage' : 'payOnProviderPage', { total: page.cart?.totals.total, provider: payWith })}
        </p>
      ) : null}
      <Button type="submit" variant="primary" className="w-full" busy={placing} disabled={!canPlace}>
        {paysByCard ? t('continueToPayment') : t('placeOrder')}
      </Button>
    </Form>
  )
}

const GUARDIANS = [
  { prefix: 'mother', labels: { name: 'motherName', email: 'motherEmail', phone: 'motherPhone' } },
  { prefix: 'father', labels: { name: 'fatherName', email: 'fatherEmail', phone: 'fatherPhone' } },
] as const

/** The studio's checkout form: its custom fields as the registration forms draw them, then the guardians when it asks for them. */
function CheckoutQuestions({
  questions,
  text,
  errorsOf,
}: {
  questions: NonNullable<CheckoutPageView['questions']>
  text: (name: string) => string
  errorsOf: (field: string) => string[] | null
}) {
  const { t } = useTranslation('checkout')
  return (
    <div className="space-y-4" data-checkout-questions>
      {questions.inputs.map((input) =>
        input.kind === 'header' ? (
          <h3 key={input.key} className="pt-1 text-sm font-semibold text-slate-900">
            {input.label}
          </h3>
        ) : (
          <CustomInputControl key={input.key} input={input} id={`buyer-${input.key}`} initial={text(input.key)} errors={errorsOf(input.key)} markRequired />
        ),
      )}
      {questions.guardians ? (
        <fieldset className="space-y-3" data-guardians>
          <legend className="text-sm font-medium text-slate-700">{t('guardianDetails')}</legend>
          {GUARDIANS.map(({ prefix, labels }) => (
            <div key={prefix} className="grid gap-3 sm:grid-cols-2">
              <Field id={`buyer-${prefix}-name`} label={t(labels.name)} errors={errorsOf(`${prefix}Name`)} className="sm:col-span-2">
                {(control) => <input {...control} name={`${prefix}Name`} maxLength={255} defaultValue={text(`${prefix}Name`)} className={FIELD_INPUT_CLASSES} />}
              </Field>
              <Field id={`buyer-${prefix}-email`} label={t(labels.email)} errors={errorsOf(`${prefix}Email`)}>
                {(control) => <input {...control} type="email" name={`${prefix}Email`} maxLength={254} defaultValue={text(`${prefix}Email`)} className={FIELD_INPUT_CLASSES} />}
              </Field>
              <Field id={`buyer-${prefix}-phone`} label={t(labels.phone)} errors={errorsOf(`${prefix}Phone`)}>
                {(control) => (
                  <input {...control} type="tel" name={`${prefix}Phone`} maxLength={30} placeholder={questions.phoneMask || undefined} defaultValue={text(`${prefix}Phone`)} className={FIELD_INPUT_CLASSES} />
                )}
              </Field>
            </div>
          ))}
        </fieldset>
      ) : null}
    </div>
  )
}
