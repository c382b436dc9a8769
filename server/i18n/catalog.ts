import enAuth from './locales/en/auth.json'
import enBilling from './locales/en/billing.json'
import enCatalog from './locales/en/catalog.json'
import enCheckout from './locales/en/checkout.json'
import enCommon from './locales/en/common.json'
import enContacts from './locales/en/contacts.json'
import enDocuments from './locales/en/documents.json'
import enEmails from './locales/en/emails.json'
import enForms from './locales/en/forms.json'
import enIntegrations from './locales/en/integrations.json'
import enListings from './locales/en/listings.json'
import enPortal from './locales/en/portal.json'
import enSettings from './locales/en/settings.json'
import enStaff from './locales/en/staff.json'
import enWebsite from './locales/en/website.json'
import enFormbuilder from './locales/en/formbuilder.json'
import enTemplates from './locales/en/templates.json'
import enPlatform from './locales/en/platform.json'
import trAuth from './locales/tr/auth.json'
import trBilling from './locales/tr/billing.json'
import trCatalog from './locales/tr/catalog.json'
import trCheckout from './locales/tr/checkout.json'
import trCommon from './locales/tr/common.json'
import trContacts from './locales/tr/contacts.json'
import trDocuments from './locales/tr/documents.json'
import trEmails from './locales/tr/emails.json'
import trForms from './locales/tr/forms.json'
import trIntegrations from './locales/tr/integrations.json'
import trListings from './locales/tr/listings.json'
import trPortal from './locales/tr/portal.json'
import trSettings from './locales/tr/settings.json'
import trStaff from './locales/tr/staff.json'
import trWebsite from './locales/tr/website.json'
import trFormbuilder from './locales/tr/formbuilder.json'
import trTemplates from './locales/tr/templates.json'
import trPlatform from './locales/tr/platform.json'
import trAuthMessages from './locales/tr/messages/auth.json'
import trCheckoutMessages from './locales/tr/messages/checkout.json'
import trFormMessages from './locales/tr/messages/forms.json'
import trPortalMessages from './locales/tr/messages/portal.json'
import trSettingsMessages from './locales/tr/messages/settings.json'
import trContactMessages from './locales/tr/messages/contacts.json'
import trCatalogMessages from './locales/tr/messages/catalog.json'
import trBillingMessages from './locales/tr/messages/billing.json'
import trIntegrationMessages from './locales/tr/messages/integrations.json'
import trWebsiteMessages from './locales/tr/messages/website.json'
import trFormbuilderMessages from './locales/tr/messages/formbuilder.json'
import trTemplateMessages from './locales/tr/messages/templates.json'
import trPlatformMessages from './locales/tr/messages/platform.json'
import type { Language } from './languages'
import type { Namespace } from './namespaces'

/**
 * The words of the screens, by language and namespace. A route names the namespaces it uses
 * (`handle.i18n`), and only those travel to the browser. English is the source: the spec's
 * words, word for word; Turkish has the same keys (tests/unit/i18n/catalog-complete.test.ts).
 */
export const CATALOG = {
  en: { common: enCommon, forms: enForms, checkout: enCheckout, auth: enAuth, portal: enPortal, listings: enListings, staff: enStaff, emails: enEmails, settings: enSettings, contacts: enContacts, documents: enDocuments, catalog: enCatalog, billing: enBilling, integrations: enIntegrations, website: enWebsite, formbuilder: enFormbuilder, templates: enTemplates, platform: enPlatform },
  tr: { common: trCommon, forms: trForms, checkout: trCheckout, auth: trAuth, portal: trPortal, listings: trListings, staff: trStaff, emails: trEmails, settings: trSettings, contacts: trContacts, documents: trDocuments, catalog: trCatalog, billing: trBilling, integrations: trIntegrations, website: trWebsite, formbuilder: trFormbuilder, templates: trTemplates, platform: trPlatform },
} as const satisfies Record<Language, Record<Namespace, Record<string, string>>>

/**
 * Messages the server writes (validation, refusals, toasts), English to Turkish. They are
 * written in English where they are made, in the spec's words; the page's language is applied
 * where they are answered (translate-message.ts), so the rules stay in one language.
 */
export const MESSAGE_TRANSLATIONS: Record<Exclude<Language, 'en'>, Record<string, string>> = {
  tr: { ...trFormMessages, ...trCheckoutMessages, ...trAuthMessages, ...trPortalMessages, ...trSettingsMessages, ...trContactMessages, ...trCatalogMessages, ...trBillingMessages, ...trIntegrationMessages, ...trWebsiteMessages, ...trFormbuilderMessages, ...trTemplateMessages, ...trPlatformMessages },
}
