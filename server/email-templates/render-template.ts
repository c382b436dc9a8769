import type { TenantExecutor } from '#db/tenant-scope'
import { CATALOG_ITEM_KINDS, type CatalogItemKind } from '#db/tables/catalog'
import type { Language } from '#server/i18n/languages'
import { recipientLanguage } from '#server/i18n/recipient-language'
import { tFor } from '#server/i18n/server-translator'
import type { Tenant } from '#server/tenancy/tenant'
import { richTextToPlainText, sanitizeRichTextHtml } from '#server/text/rich-text-html'
import { organisationTagValues, renderMergeTags } from './merge-tags'

/** A catalog kind as the {{producttype}} tag reads, in the reader's language: 'course' is Course (Kurs). */
export function productTypeText(kind: string, language: Language = 'en'): string {
  if (isCatalogKind(kind)) return tFor(language, 'emails')(`productType_${kind}`)
  return kind.charAt(0).toUpperCase() + kind.slice(1)
}

function isCatalogKind(kind: string): kind is CatalogItemKind {
  return (CATALOG_ITEM_KINDS as readonly string[]).includes(kind)
}

/** What an email is about, for the product tags (the first line of an invoice, the class of a reminder). */
export interface MergeProduct {
  name: string
  type: string
}

/**
 * The value of every tag for one contact: their names, email and phone, the product the email
 * is about, the organisation, and their answers to the studio's tagged custom fields (a yes/no
 * answer reads Yes or No, in the contact's language: the words around it are the studio's, the
 * answer is the product's).
 */
export async function contactMergeValues(trx: TenantExecutor, tenant: Pick<Tenant, 'name' | 'settings'>, contactId: string, product: MergeProduct | null): Promise<Record<string, string>> {
  const contact = await trx.selectFrom('contacts').select(['first_name', 'last_name', 'email', 'phone', 'language']).where('id', '=', contactId).executeTakeFirst()
  const answers = await trx
    .selectFrom('contact_field_values')
    .innerJoin('custom_fields', 'custom_fields.id', 'contact_field_values.field_id')
    .select(['custom_fields.tag', 'contact_field_values.value_text', 'contact_field_values.value_number', 'contact_field_values.value_bool'])
    .where('contact_field_values.contact_id', '=', contactId)
    .where('custom_fields.tag', 'is not', null)
    .execute()
  const t = tFor(recipientLanguage(contact?.language, tenant), 'emails')
  const custom: Record<string, string> = {}
  for (const answer of answers) {
    if (!answer.tag) continue
    custom[answer.tag] = answer.value_text ?? answer.value_number ?? (answer.value_bool === null ? '' : answer.value_bool ? t('answerYes') : t('answerNo'))
  }
  const firstName = contact?.first_name ?? ''
  const lastName = contact?.last_name ?? ''
  return {
    ...custom,
    name: `${firstName} ${lastName}`.trim(),
    firstname: firstName,
    lastname: lastName,
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    productname: product?.name ?? '',
    producttype: product?.type ?? '',
    ...organisationTagValues(tenant),
  }
}

export interface RenderedTemplate {
  subject: string
  html: string
  text: string
}

/** A template with its tags filled in: the subject as plain text, the body as sanitised HTML and as text. */
export function renderTemplate(template: { subject: string; bodyHtml: string }, values: Readonly<Record<string, string>>): RenderedTemplate {
  const html = sanitizeRichTextHtml(renderMergeTags(template.bodyHtml, values, 'html'))
  return { subject: renderMergeTags(template.subject, values, 'text').trim(), html, text: richTextToPlainText(html) }
}

/** The studio's template of this name (names are unique whatever their case), or null to use the product's own words; in the caller's transaction. */
export async function studioTemplateNamed(trx: TenantExecutor, name: string): Promise<{ subject: string; bodyHtml: string } | null> {
  const row = await trx
    .selectFrom('email_templates')
    .select(['subject', 'body_html'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst()
  return row ? { subject: row.subject, bodyHtml: row.body_html } : null
}
