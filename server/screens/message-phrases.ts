import type { Language } from '#server/i18n/languages'
import type { FormatName } from './formats'

/** The sentences made for a field that has no message of its own, from its label and the rule's limit. */
export interface IssuePhrases {
  required: (label: string) => string
  wholeNumber: (label: string) => string
  number: (label: string) => string
  unexpected: (label: string) => string
  choose: (label: string) => string
  minLength: (label: string, limit: unknown) => string
  maxLength: (label: string, limit: unknown) => string
  pattern: (label: string) => string
  formats: Record<FormatName, string>
  minimum: (label: string, limit: unknown) => string
  maximum: (label: string, limit: unknown) => string
  multipleOf: (label: string, limit: unknown) => string
  minItems: (label: string, limit: unknown) => string
  maxItems: (label: string, limit: unknown) => string
  uniqueItems: (label: string) => string
}

/**
 * Kept beside the rules rather than in the word catalog: the browser checks fields with the
 * same sentences as the server, and a descriptor's page may not carry any namespace of words.
 */
export const ISSUE_PHRASES: Record<Language, IssuePhrases> = {
  en: {
    required: (label) => `${label} is required!`,
    wholeNumber: (label) => `${label} must be a whole number`,
    number: (label) => `${label} must be a number`,
    unexpected: (label) => `${label} has an unexpected value`,
    choose: (label) => `Choose one of the listed options for ${label}`,
    minLength: (label, limit) => `${label} must be at least ${limit} characters`,
    maxLength: (label, limit) => `${label} must be at most ${limit} characters`,
    pattern: (label) => `${label} is not in the expected format`,
    formats: {
      email: 'Enter a valid email address',
      uri: 'Enter a full link, starting with https://',
      hostname: 'Enter a valid domain name, like schedule.example.com',
      color: 'Enter a colour like #4d8dfc',
      'image-url': 'Upload an image file',
    },
    minimum: (label, limit) => `${label} must be at least ${limit}`,
    maximum: (label, limit) => `${label} must be at most ${limit}`,
    multipleOf: (label, limit) => `${label} must be a multiple of ${limit}`,
    minItems: (label, limit) => `Choose at least ${limit} for ${label}`,
    maxItems: (label, limit) => `Choose at most ${limit} for ${label}`,
    uniqueItems: (label) => `${label} lists a value twice`,
  },
  tr: {
    required: (label) => `${label} zorunludur!`,
    wholeNumber: (label) => `${label} bir tam sayı olmalıdır`,
    number: (label) => `${label} bir sayı olmalıdır`,
    unexpected: (label) => `${label} beklenmeyen bir değer içeriyor`,
    choose: (label) => `${label} için listelenen seçeneklerden birini seçin`,
    minLength: (label, limit) => `${label} en az ${limit} karakter olmalıdır`,
    maxLength: (label, limit) => `${label} en fazla ${limit} karakter olmalıdır`,
    pattern: (label) => `${label} beklenen biçimde değil`,
    formats: {
      email: 'Geçerli bir e-posta adresi girin',
      uri: 'https:// ile başlayan tam bir bağlantı girin',
      hostname: 'schedule.example.com gibi geçerli bir alan adı girin',
      color: '#4d8dfc gibi bir renk girin',
      'image-url': 'Bir resim dosyası yükleyin',
    },
    minimum: (label, limit) => `${label} en az ${limit} olmalıdır`,
    maximum: (label, limit) => `${label} en fazla ${limit} olmalıdır`,
    multipleOf: (label, limit) => `${label}, ${limit} sayısının katı olmalıdır`,
    minItems: (label, limit) => `${label} için en az ${limit} seçim yapın`,
    maxItems: (label, limit) => `${label} için en fazla ${limit} seçim yapın`,
    uniqueItems: (label) => `${label} bir değeri iki kez içeriyor`,
  },
}
