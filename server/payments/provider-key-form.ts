import { err, ok, type WordedResult } from '#server/errors/result'
import { withoutControlCharacters } from '#server/text/without-control-characters'
import type { KeyProvider } from './payment-providers'
import type { ProviderKeysInput, ProviderKeysView } from './provider-keys'

/** The key forms' fields, by the names they post (spec 001 sends them as apiKey, secretKey, testApiKey, testSecretKey). */
export const KEY_FORM_FIELDS = ['apiKey', 'secretKey', 'testApiKey', 'testSecretKey', 'merchantId', 'saltKey', 'saltIndex', 'isTestMode'] as const
export type KeyFormField = (typeof KEY_FORM_FIELDS)[number]
export type KeyFormValues = Record<KeyFormField, string>
export type KeyFormErrors = Partial<Record<KeyFormField, string>>

export interface KeyFormLabels {
  apiKey: string
  secretKey: string
  testApiKey: string
  testSecretKey: string
}

/** What each provider calls its keys on its own dashboard, so a studio owner finds them there. */
export const KEY_FORM_LABELS: Record<Exclude<KeyProvider, 'PHONEPE'>, KeyFormLabels> = {
  PSPRING: { apiKey: 'Public Key', secretKey: 'Private Key', testApiKey: 'Test Public Key', testSecretKey: 'Test Private Key' },
  RAZORPAY: { apiKey: 'Key Id', secretKey: 'Key Secret', testApiKey: 'Test Key Id', testSecretKey: 'Test Key Secret' },
}

export const KEY_FORM_MESSAGES = {
  fixErrors: 'Please correct the fields marked below.',
  testModeShouldBeOn: 'Test mode should be on',
  required: (label: string) => `${label} is required.`,
  merchantIdRequired: 'Merchant Id is required.',
  saltKeyRequired: 'Salt Key is required.',
  saltIndexRequired: 'Salt Index is required.',
  saltIndexShape: 'Salt Index is a whole number, such as 1.',
  noSpaces: 'Keys have no spaces: copy the key exactly as your provider shows it.',
} as const

export type ParsedKeyForm = WordedResult<ProviderKeysInput, 'invalid_input', { errors: KeyFormErrors; formError: string | null; values: KeyFormValues }>

const KEY_SHAPE = /^\S{1,255}$/

/** The form as a saved provider shows it: public halves filled in, secrets never. */
export function keyFormValuesOf(view: ProviderKeysView): KeyFormValues {
  const merchantId = view.provider === 'PHONEPE' ? view.apiKey : ''
  return { apiKey: view.apiKey, secretKey: '', testApiKey: view.testApiKey, testSecretKey: '', merchantId, saltKey: '', saltIndex: view.saltIndex, isTestMode: view.isTestMode ? 'on' : '' }
}

/**
 * A key form, checked. A secret left blank keeps the one already saved (the form never shows
 * it back). PaymentSpring and Razorpay: the keys of the chosen mode are required, and live keys
 * left empty beside both test keys with test mode off get spec 001's 'Test mode should be on'.
 * PhonePe: merchant id, salt key and salt index, with the spec's messages.
 */
export function parseKeyForm(provider: KeyProvider, form: FormData, kept: Pick<ProviderKeysView, 'hasSecretKey' | 'hasTestSecretKey'>): ParsedKeyForm {
  const read = (name: KeyFormField): string => {
    const raw = form.get(name)
    return typeof raw === 'string' ? withoutControlCharacters(raw).trim().slice(0, 300) : ''
  }
  const values = Object.fromEntries(KEY_FORM_FIELDS.map((name) => [name, read(name)])) as KeyFormValues
  const isTestMode = values.isTestMode !== ''
  const errors: KeyFormErrors = {}
  const M = KEY_FORM_MESSAGES
  const shaped = (field: KeyFormField) => {
    if (values[field] !== '' && !KEY_SHAPE.test(values[field])) errors[field] = M.noSpaces
  }
  for (const field of ['apiKey', 'secretKey', 'testApiKey', 'testSecretKey'] as const) shaped(field)
  const hasLiveSecret = values.secretKey !== '' || kept.hasSecretKey
  const hasTestSecret = values.testSecretKey !== '' || kept.hasTestSecretKey
  let formError: string | null = null

  if (provider === 'PHONEPE') {
    // PhonePe has one merchant id and salt key (spec 001: stored as apiKey and secretKey); test
    // mode sends payments to PhonePe's sandbox.
    shaped('merchantId')
    shaped('saltKey')
    if (values.merchantId === '') errors.merchantId = M.merchantIdRequired
    if (values.saltKey === '' && !kept.hasSecretKey) errors.saltKey = M.saltKeyRequired
    if (values.saltIndex === '') errors.saltIndex = M.saltIndexRequired
    else if (!/^\d{1,3}$/.test(values.saltIndex)) errors.saltIndex = M.saltIndexShape
  } else {
    const labels = KEY_FORM_LABELS[provider]
    const liveEmpty = values.apiKey === '' && values.secretKey === ''
    if (!isTestMode && liveEmpty && values.testApiKey !== '' && hasTestSecret) {
      formError = M.testModeShouldBeOn
    } else if (isTestMode) {
      if (values.testApiKey === '') errors.testApiKey = M.required(labels.testApiKey)
      if (!hasTestSecret) errors.testSecretKey = M.required(labels.testSecretKey)
    } else {
      if (values.apiKey === '') errors.apiKey = M.required(labels.apiKey)
      if (!hasLiveSecret) errors.secretKey = M.required(labels.secretKey)
    }
  }

  if (formError !== null || Object.keys(errors).length > 0) {
    // Secrets typed in are not sent back into the page.
    const shown = { ...values, secretKey: '', testSecretKey: '', saltKey: '' }
    return err('invalid_input', formError ?? M.fixErrors, { errors, formError, values: shown })
  }
  if (provider === 'PHONEPE') {
    return ok({ isTestMode, apiKey: values.merchantId, testApiKey: '', secretKey: values.saltKey === '' ? null : values.saltKey, testSecretKey: null, saltIndex: values.saltIndex })
  }
  return ok({
    isTestMode,
    apiKey: values.apiKey,
    testApiKey: values.testApiKey,
    secretKey: values.secretKey === '' ? null : values.secretKey,
    testSecretKey: values.testSecretKey === '' ? null : values.testSecretKey,
    saltIndex: '',
  })
}
