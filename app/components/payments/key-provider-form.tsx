import { Form, Link, useNavigation } from '@remix-run/react'
import { Button } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { useIntegrationsWords } from '#app/components/integrations/use-integrations-words'
import type { KeyProvider } from '#server/payments/payment-providers'
import type { KeyFormErrors, KeyFormField, KeyFormLabels, KeyFormValues } from '#server/payments/provider-key-form'

type Props = {
  provider: KeyProvider
  providerName: string
  /** PaymentSpring's and Razorpay's key names; null for PhonePe's merchant form. */
  labels: KeyFormLabels | null
  values: KeyFormValues
  errors: KeyFormErrors
  formError: string | null
  /** Whether a secret of each kind is kept: its field may stay blank. */
  kept: { secretKey: boolean; testSecretKey: boolean }
  cancelTo: string
}

/**
 * A key provider's form (spec 001): PaymentSpring and Razorpay take live and test keys with a
 * test mode switch; PhonePe takes its merchant id, salt key and salt index. Secrets go in
 * password fields and never come back into the page. One POST that works without JavaScript.
 */
export function KeyProviderForm({ provider, providerName, labels, values, errors, formError, kept, cancelTo }: Props) {
  const navigation = useNavigation()
  const { t } = useIntegrationsWords()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const errorsOf = (field: KeyFormField) => (errors[field] ? [errors[field]] : null)
  const id = (field: KeyFormField) => `keys-${field}`
  const text = (field: KeyFormField, label: string, options: { required?: boolean; hint?: string } = {}) => (
    <Field id={id(field)} label={label} required={options.required} errors={errorsOf(field)} hint={options.hint}>
      {(control) => <input {...control} name={field} defaultValue={values[field]} maxLength={255} autoComplete="off" spellCheck={false} className={`${FIELD_INPUT_CLASSES} font-mono`} />}
    </Field>
  )
  const secret = (field: KeyFormField, label: string, isKept: boolean, required = true) => (
    <Field id={id(field)} label={label} required={required && !isKept} errors={errorsOf(field)} hint={isKept ? t('keptSecretHint') : undefined}>
      {(control) => <input {...control} type="password" name={field} defaultValue="" maxLength={255} autoComplete="new-password" spellCheck={false} className={`${FIELD_INPUT_CLASSES} font-mono`} />}
    </Field>
  )
  return (
    <Form method="post" className="flex flex-col gap-5" aria-describedby={formError ? 'keys-form-error' : undefined} data-key-form={provider}>
      <input type="hidden" name="provider" value={provider} />
      {formError ? (
        <div id="keys-form-error" role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {formError}
        </div>
      ) : null}
      {labels ? (
        <>
          <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold text-slate-900">{t('liveKeys')}</legend>
            {text('apiKey', labels.apiKey)}
            {secret('secretKey', labels.secretKey, kept.secretKey, false)}
          </fieldset>
          <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold text-slate-900">{t('testKeys')}</legend>
            {text('testApiKey', labels.testApiKey)}
            {secret('testSecretKey', labels.testSecretKey, kept.testSecretKey, false)}
          </fieldset>
        </>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {text('merchantId', t('merchantId'), { required: true })}
          {secret('saltKey', t('saltKey'), kept.secretKey)}
          {text('saltIndex', t('saltIndex'), { required: true, hint: t('saltIndexHint') })}
        </div>
      )}
      <label className="inline-flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" name="isTestMode" value="on" defaultChecked={values.isTestMode !== ''} className="mt-0.5 h-4 w-4 accent-brand" />
        <span>
          {t('testMode')}
          <span className="block text-slate-600">{labels ? t('testModeKeysHint', { name: providerName }) : t('testModeSandboxHint', { name: providerName })}
</span>
        </span>
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
          {t('cancel')}
        </Link>
        <Button type="submit" name="intent" value="save" variant="primary" busy={saving}>
          {t('save')}
        </Button>
      </div>
    </Form>
  )
}
