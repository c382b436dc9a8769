import { Form, useNavigation } from '@remix-run/react'
import { CreditCard, Landmark } from 'lucide-react'
import { Button } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import type { BankField, CardField, PayFormErrors, PayFormValues } from '#server/payments/paymentspring-form'

type Props = {
  totalText: string
  years: number[]
  /** The form the last post came from, with its messages and what may be shown back. */
  refused: { method: 'card' | 'bank'; errors: PayFormErrors; values: PayFormValues; message: string } | null
}

const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'))

/**
 * PaymentSpring's card form and bank (ACH) form (spec 001), each a plain POST that works
 * without JavaScript. The card number, CSC and account number are never filled back in.
 */
export function PaymentSpringPayForms({ totalText, years, refused }: Props) {
  const navigation = useNavigation()
  const busy = (method: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === method
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
      <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5" aria-labelledby="pay-by-card" data-pay-form="card">
        <input type="hidden" name="intent" value="card" />
        <h2 id="pay-by-card" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <CreditCard aria-hidden className="h-5 w-5 text-slate-600" /> Card
        </h2>
        {problem('card')}
        <Field id="cardOwnerName" label="Name on card" required errors={errorsOf('card', 'cardOwnerName')}>
          {(control) => <input {...control} name="cardOwnerName" defaultValue={valueOf('card', 'cardOwnerName')} autoComplete="cc-name" maxLength={100} className={FIELD_INPUT_CLASSES} />}
        </Field>
        <Field id="cardNumber" label="Card number" required errors={errorsOf('card', 'cardNumber')}>
          {(control) => <input {...control} name="cardNumber" inputMode="numeric" autoComplete="cc-number" maxLength={23} className={`${FIELD_INPUT_CLASSES} font-mono`} />}
        </Field>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Field id="cardExpMonth" label="Month" required errors={errorsOf('card', 'cardExpMonth')}>
            {(control) => (
              <select {...control} name="cardExpMonth" defaultValue={valueOf('card', 'cardExpMonth')} autoComplete="cc-exp-month" className={FIELD_INPUT_CLASSES}>
                <option value="">MM</option>
                {MONTHS.map((month) => (
                  <option key={month} value={month}>
                    {month}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="cardExpYear" label="Year" required errors={errorsOf('card', 'cardExpYear')}>
            {(control) => (
              <select {...control} name="cardExpYear" defaultValue={valueOf('card', 'cardExpYear')} autoComplete="cc-exp-year" className={FIELD_INPUT_CLASSES}>
                <option value="">YYYY</option>
                {years.map((year) => (
                  <option key={year} value={year}>
                    {year}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="csc" label="CVV" required errors={errorsOf('card', 'csc')}>
            {(control) => <input {...control} name="csc" inputMode="numeric" autoComplete="cc-csc" maxLength={4} className={`${FIELD_INPUT_CLASSES} font-mono`} />}
          </Field>
          <Field id="zip" label="ZIP (optional)" errors={errorsOf('card', 'zip')}>
            {(control) => <input {...control} name="zip" defaultValue={valueOf('card', 'zip')} inputMode="numeric" autoComplete="postal-code" maxLength={10} className={FIELD_INPUT_CLASSES} />}
          </Field>
        </div>
        <Button type="submit" variant="primary" busy={busy('card')} className="w-full">
          Pay {totalText} by card
        </Button>
      </Form>
      <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5" aria-labelledby="pay-by-bank" data-pay-form="bank">
        <input type="hidden" name="intent" value="bank" />
        <h2 id="pay-by-bank" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Landmark aria-hidden className="h-5 w-5 text-slate-600" /> Bank account (ACH)
        </h2>
        {problem('bank')}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field id="bankAccountHolderFirstName" label="First name" required errors={errorsOf('bank', 'bankAccountHolderFirstName')}>
            {(control) => <input {...control} name="bankAccountHolderFirstName" defaultValue={valueOf('bank', 'bankAccountHolderFirstName')} autoComplete="given-name" maxLength={100} className={FIELD_INPUT_CLASSES} />}
          </Field>
          <Field id="bankAccountHolderLastName" label="Last name" required errors={errorsOf('bank', 'bankAccountHolderLastName')}>
            {(control) => <input {...control} name="bankAccountHolderLastName" defaultValue={valueOf('bank', 'bankAccountHolderLastName')} autoComplete="family-name" maxLength={100} className={FIELD_INPUT_CLASSES} />}
          </Field>
        </div>
        <Field id="bankRoutingNumber" label="Routing number" required errors={errorsOf('bank', 'bankRoutingNumber')}>
          {(control) => <input {...control} name="bankRoutingNumber" defaultValue={valueOf('bank', 'bankRoutingNumber')} inputMode="numeric" maxLength={9} className={`${FIELD_INPUT_CLASSES} font-mono`} />}
        </Field>
        <Field id="bankAccountNumber" label="Account number" required errors={errorsOf('bank', 'bankAccountNumber')}>
          {(control) => <input {...control} name="bankAccountNumber" inputMode="numeric" maxLength={17} autoComplete="off" className={`${FIELD_INPUT_CLASSES} font-mono`} />}
        </Field>
        <Field id="bankAccountType" label="Account type" required errors={errorsOf('bank', 'bankAccountType')}>
          {(control) => (
            <select {...control} name="bankAccountType" defaultValue={valueOf('bank', 'bankAccountType') || 'checking'} className={FIELD_INPUT_CLASSES}>
              <option value="checking">Checking</option>
              <option value="savings">Savings</option>
            </select>
          )}
        </Field>
        <Button type="submit" variant="secondary" busy={busy('bank')} className="w-full">
          Pay {totalText} from my bank account
        </Button>
      </Form>
    </div>
  )
}
