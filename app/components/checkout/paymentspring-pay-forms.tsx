import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { CreditCard, Landmark } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import { err, ok, type Result } from '#server/errors/result'
import { Button } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { parseBankForm, parseCardForm, type BankField, type CardField, type ParsedPayForm, type PayFormErrors, type PayFormValues } from '#server/payments/paymentspring-form'
import { bankTokenBody, cardTokenBody, PAYMENTSPRING_PAY_PATH, requestBrowserToken } from '#server/payments/paymentspring-token'
import type { SavedPaymentMethod } from '#server/payments/saved-payment-methods'
import { SavedMethodChooser } from './saved-method-chooser'

type Props = {
  totalText: string
  years: number[]
  /** The signed-in buyer's kept cards and accounts. */
  saved: SavedPaymentMethod[]
  /** Whether 'Save for my next payment' is offered (the order's own contact is signed in). */
  canSave: boolean
  /** The form the last post came from, with its messages and what may be shown back. */
  refused: Refused | null
  /** Where the browser makes its one-use token (PaymentSpring's API) and the studio's public key; null: the server makes it. */
  browserTokens: { apiBase: string; publicKey: string } | null
  /** The form's own refusals (made in the browser too) in the page's language, by their English. */
  messageWords: Record<string, string>
}

type Refused = { method: 'card' | 'bank'; errors: PayFormErrors; values: PayFormValues; message: string }

/**
 * Fields locked while a kept card or account is chosen look it. Inputs lock by read-only and
 * selects by disabled: a select always matches :read-only, so it must not take that look.
 */
const INPUT = `${FIELD_INPUT_CLASSES} read-only:bg-slate-100 read-only:text-slate-600`
const SELECT = `${FIELD_INPUT_CLASSES} disabled:bg-slate-100 disabled:text-slate-600`

/**
 * A field of the expiry row: a subgrid of its three rows (grid! over Field's own flex), its label
 * at the foot of the label row, and as narrow as its column (a grid would otherwise keep the
 * input's own width).
 */
const ROW_FIELD = 'row-span-3 grid! min-w-0 grid-cols-[minmax(0,1fr)] grid-rows-subgrid [&>label]:self-end'

const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'))

/**
 * PaymentSpring's card form and bank (ACH) form (spec 001), each a plain POST that works
 * without JavaScript. The card number, CSC and account number are never filled back in.
 */
export function PaymentSpringPayForms({ totalText, years, saved, canSave, refused: answered, browserTokens, messageWords }: Props) {
  const { t } = useTranslation('checkout')
  const inPageLanguage = (message: string) => messageWords[message] ?? message
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const submit = useSubmit()
  // What the browser refused itself (a field, or PaymentSpring's answer to the token): shown as the server's would be.
  const [browserRefused, setBrowserRefused] = useState<Refused | null>(null)
  const [tokenising, setTokenising] = useState<'card' | 'bank' | null>(null)
  const refused = browserRefused ?? answered
  useEffect(() => {
    // A page's policy is its document's: reached by an in-app link from another page, this form
    // could not call PaymentSpring, so it loads itself as a page of its own before anything is typed.
    if (browserTokens && !PAYMENTSPRING_PAY_PATH.test(documentPath())) window.location.replace(window.location.href)
  }, [browserTokens])
  const savedCards = saved.filter((method) => method.kind === 'card')
  const savedAccounts = saved.filter((method) => method.kind === 'bank')
  // Spec 001: the first kept card is chosen; new-card fields are read-only unless None/other is.
  const [cardChoice, setCardChoice] = useState(savedCards[0]?.id ?? 'other')
  const [bankChoice, setBankChoice] = useState(savedAccounts[0]?.id ?? 'other')
  const cardLocked = hydrated && cardChoice !== 'other'
  const bankLocked = hydrated && bankChoice !== 'other'
  // Without JavaScript the fields cannot lock, so they are not required while a kept one may be chosen.
  const cardRequired = savedCards.length === 0
  const bankRequired = savedAccounts.length === 0
  const busy = (method: 'card' | 'bank') => tokenising === method || (navigation.state !== 'idle' && navigation.formData?.get('intent') === method)
  /**
   * With JavaScript the card or account goes from this browser to PaymentSpring, checked first by
   * the server's own rules, and only the token comes to us. A kept card or account posts as it is.
   */
  const payWithBrowserToken = (method: 'card' | 'bank') => async (event: FormEvent<HTMLFormElement>) => {
    if (!browserTokens || tokenising) return
    const fields = new FormData(event.currentTarget)
    const choice = fields.get('savedMethod')
    if (typeof choice === 'string' && choice !== '' && choice !== 'other') return
    event.preventDefault()
    setBrowserRefused(null)
    const checked = method === 'card' ? tokenBodyOf(parseCardForm(fields, new Date()), cardTokenBody) : tokenBodyOf(parseBankForm(fields), bankTokenBody)
    if (!checked.ok) return setBrowserRefused({ method, ...translatedRefusal(checked.details, inPageLanguage) })
    setTokenising(method)
    const token = await requestBrowserToken(browserTokens.apiBase, browserTokens.publicKey, checked.value)
    setTokenising(null)
    const names = method === 'card' ? (['cardOwnerName'] as const) : (['bankAccountHolderFirstName', 'bankAccountHolderLastName'] as const)
    const shown: PayFormValues = {}
    for (const name of names) shown[name] = String(fields.get(name) ?? '').trim()
    if (!token.ok) return setBrowserRefused({ method, errors: {}, values: shown, message: inPageLanguage(token.message) })
    const post = new FormData()
    post.set('intent', method)
    post.set('paymentToken', token.value.id)
    post.set('last4', token.value.last4)
    post.set('brand', token.value.brand)
    for (const [name, value] of Object.entries(shown)) post.set(name, value)
    for (const name of ['savedMethod', 'saveForNext'] as const) {
      const value = fields.get(name)
      if (typeof value === 'string') post.set(name, value)
    }
    submit(post, { method: 'post' })
  }
  const errorsOf = (method: 'card' | 'bank', field: CardField | BankField) => (refused?.method === method && refused.errors[field] ? [refused.errors[field]] : null)
  const valueOf = (method: 'card' | 'bank', field: CardField | BankField) => (refused?.method === method ? (refused.values[field] ?? '') : '')
  const problem = (method: 'card' | 'bank') =>
    refused?.method === method ? (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        {refused.message}
      </p>
    ) : null
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5" aria-labelledby="pay-by-card" data-pay-form="card" onSubmit={payWithBrowserToken('card')}>
        <input type="hidden" name="intent" value="card" />
        <h2 id="pay-by-card" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <CreditCard aria-hidden className="h-5 w-5 text-slate-600" /> {t('payCardHeading')}
        </h2>
        {problem('card')}
        <SavedMethodChooser name="card" methods={savedCards} onChoose={setCardChoice} />
        <Field id="cardOwnerName" label={t('nameOnCard')} required={cardRequired} errors={errorsOf('card', 'cardOwnerName')}>
          {(control) => <input {...control} name="cardOwnerName" defaultValue={valueOf('card', 'cardOwnerName')} autoComplete="cc-name" maxLength={100} readOnly={cardLocked} className={INPUT} />}
        </Field>
        <Field id="cardNumber" label={t('cardNumber')} required={cardRequired} errors={errorsOf('card', 'cardNumber')}>
          {(control) => <input {...control} name="cardNumber" inputMode="numeric" autoComplete="cc-number" maxLength={23} readOnly={cardLocked} className={`${INPUT} font-mono`} />}
        </Field>
        {/* The four fields share the row's label, control and message rows: a label that wraps, like 'Posta kodu (isteğe bağlı)', moves every control of the row down with it. */}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Field id="cardExpMonth" label={t('expiryMonth')} required={cardRequired} errors={errorsOf('card', 'cardExpMonth')} className={ROW_FIELD}>
            {(control) => (
              <select {...control} name="cardExpMonth" defaultValue={valueOf('card', 'cardExpMonth')} autoComplete="cc-exp-month" disabled={cardLocked} className={SELECT}>
                <option value="">{t('expiryMonthPlaceholder')}</option>
                {MONTHS.map((month) => (
                  <option key={month} value={month}>
                    {month}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="cardExpYear" label={t('expiryYear')} required={cardRequired} errors={errorsOf('card', 'cardExpYear')} className={ROW_FIELD}>
            {(control) => (
              <select {...control} name="cardExpYear" defaultValue={valueOf('card', 'cardExpYear')} autoComplete="cc-exp-year" disabled={cardLocked} className={SELECT}>
                <option value="">{t('expiryYearPlaceholder')}</option>
                {years.map((year) => (
                  <option key={year} value={year}>
                    {year}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="csc" label={t('cvv')} required={cardRequired} errors={errorsOf('card', 'csc')} className={ROW_FIELD}>
            {(control) => <input {...control} name="csc" inputMode="numeric" autoComplete="cc-csc" maxLength={4} readOnly={cardLocked} className={`${INPUT} font-mono`} />}
          </Field>
          <Field id="zip" label={t('zipOptional')} errors={errorsOf('card', 'zip')} className={ROW_FIELD}>
            {(control) => <input {...control} name="zip" defaultValue={valueOf('card', 'zip')} inputMode="numeric" autoComplete="postal-code" maxLength={10} readOnly={cardLocked} className={INPUT} />}
          </Field>
        </div>
        {canSave ? <SaveForNext locked={cardLocked} /> : null}
        <Button type="submit" variant="primary" busy={busy('card')} className="w-full">
          {t('payByCardAmount', { total: totalText })}
        </Button>
      </Form>
      <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5" aria-labelledby="pay-by-bank" data-pay-form="bank" onSubmit={payWithBrowserToken('bank')}>
        <input type="hidden" name="intent" value="bank" />
        <h2 id="pay-by-bank" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Landmark aria-hidden className="h-5 w-5 text-slate-600" /> {t('payBankHeading')}
        </h2>
        {problem('bank')}
        <SavedMethodChooser name="bank" methods={savedAccounts} onChoose={setBankChoice} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field id="bankAccountHolderFirstName" label={t('holderFirstName')} required={bankRequired} errors={errorsOf('bank', 'bankAccountHolderFirstName')}>
            {(control) => <input {...control} name="bankAccountHolderFirstName" defaultValue={valueOf('bank', 'bankAccountHolderFirstName')} autoComplete="given-name" maxLength={100} readOnly={bankLocked} className={INPUT} />}
          </Field>
          <Field id="bankAccountHolderLastName" label={t('holderLastName')} required={bankRequired} errors={errorsOf('bank', 'bankAccountHolderLastName')}>
            {(control) => <input {...control} name="bankAccountHolderLastName" defaultValue={valueOf('bank', 'bankAccountHolderLastName')} autoComplete="family-name" maxLength={100} readOnly={bankLocked} className={INPUT} />}
          </Field>
        </div>
        <Field id="bankRoutingNumber" label={t('routingNumber')} required={bankRequired} errors={errorsOf('bank', 'bankRoutingNumber')}>
          {(control) => <input {...control} name="bankRoutingNumber" defaultValue={valueOf('bank', 'bankRoutingNumber')} inputMode="numeric" maxLength={9} readOnly={bankLocked} className={`${INPUT} font-mono`} />}
        </Field>
        <Field id="bankAccountNumber" label={t('accountNumber')} required={bankRequired} errors={errorsOf('bank', 'bankAccountNumber')}>
          {(control) => <input {...control} name="bankAccountNumber" inputMode="numeric" maxLength={17} autoComplete="off" readOnly={bankLocked} className={`${INPUT} font-mono`} />}
        </Field>
        <Field id="bankAccountType" label={t('accountType')} required={bankRequired} errors={errorsOf('bank', 'bankAccountType')}>
          {(control) => (
            <select {...control} name="bankAccountType" defaultValue={valueOf('bank', 'bankAccountType') || 'checking'} disabled={bankLocked} className={SELECT}>
              <option value="checking">{t('accountChecking')}</option>
              <option value="savings">{t('accountSavings')}</option>
            </select>
          )}
        </Field>
        <Button type="submit" variant="secondary" busy={busy('bank')} className="w-full">
          {t('payFromBankAmount', { total: totalText })}
        </Button>
      </Form>
    </div>
  )
}

/** The path the page's document was loaded at (not where in-app navigation has taken it since). */
function documentPath(): string {
  const [entry] = performance.getEntriesByType('navigation')
  return entry ? new URL(entry.name).pathname : window.location.pathname
}

/** The token request's body from a checked form, or what the form shows when a field is wrong. */
function tokenBodyOf<T>(
  checked: ParsedPayForm<T>,
  bodyOf: (value: T) => Record<string, string | number>,
): Result<Record<string, string | number>, 'invalid_input', Omit<Refused, 'method'>> {
  if (checked.ok) return ok(bodyOf(checked.value))
  return err('invalid_input', checked.message, { errors: checked.details.errors, values: checked.details.values, message: checked.message })
}

/** A refusal the browser made itself, in the page's language as the server's would be. */
function translatedRefusal(refusal: Omit<Refused, 'method'>, inPageLanguage: (message: string) => string): Omit<Refused, 'method'> {
  const errors: PayFormErrors = {}
  for (const [field, message] of Object.entries(refusal.errors) as [keyof PayFormErrors, string | undefined][]) if (message) errors[field] = inPageLanguage(message)
  return { errors, values: refusal.values, message: inPageLanguage(refusal.message) }
}

function SaveForNext({ locked }: { locked: boolean }) {
  const { t } = useTranslation('checkout')
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" name="saveForNext" value="on" disabled={locked} className="h-4 w-4 accent-brand" />
      {t('saveForNextPayment')}
    </label>
  )
}
