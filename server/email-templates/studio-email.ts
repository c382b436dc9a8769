import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { tenantQueryMemo } from '#server/tenancy/tenant-query-memo'
import { escapeHtml } from '#server/text/escape-html'
import { contactMergeValues, renderTemplate, studioTemplateNamed, type MergeProduct } from './render-template'

/** The product's own words of an email: plain text. */
export interface ProductEmail {
  subject: string
  text: string
}

export interface OutgoingWords {
  subject: string
  text: string
  /** Only when the studio's template was used. */
  html?: string
}

/** Who the email is to, as the caller knows them. */
export type EmailContact = { id: string } | { guid: string } | { invoiceGuid: string }

/**
 * The words of an email to a contact (decision 123): the studio's template named `templateName`
 * (Settings > Templates) filled in for them, followed by `details`, what the product's own email
 * says of the invoice, order or period (its lines, totals and links), so a template can never
 * leave out what is owed or how to pay; without such a template, the product's own words.
 */
export async function studioOrProductEmail(
  platform: Pick<Platform, 'database' | 'tenants'>,
  tenant: Tenant,
  input: { templateName: string; contact: EmailContact; product: MergeProduct | null; productEmail: ProductEmail; details: string },
): Promise<OutgoingWords> {
  const productWords = { subject: input.productEmail.subject, text: input.productEmail.text }
  // Receipts and billing notices go out all day; most studios have no template for them.
  if (!(await studioTemplateNames(platform, tenant.id)).has(input.templateName.toLowerCase())) return productWords
  const rendered = await withTenant(platform.database, tenant.id, async (trx) => {
    const own = await studioTemplateNamed(trx, input.templateName)
    if (!own) return null
    const contactId = await contactIdOf(trx, input.contact)
    const values = contactId ? await contactMergeValues(trx, tenant, contactId, input.product) : {}
    return renderTemplate(own, values)
  })
  if (!rendered) return productWords
  const details = input.details.trim()
  if (!details) return rendered
  const detailsHtml = details
    .split('\n\n')
    .map((block) => `<p>${block.split('\n').map(lineHtml).join('<br>')}</p>`)
    .join('')
  return { subject: rendered.subject, text: `${rendered.text}\n\n${details}`, html: `${rendered.html}<hr>${detailsHtml}` }
}

/** The names of the studio's templates, lower-cased: kept per tenant until a template is saved or deleted. */
function studioTemplateNames(platform: Pick<Platform, 'database' | 'tenants'>, tenantId: string): Promise<ReadonlySet<string>> {
  const memo = tenantQueryMemo<ReadonlySet<string>>(platform.tenants, 'email-template-names', { tags: ['templates'], ttlMs: 300_000, maxEntries: 10_000 })
  return memo.get(tenantId, 'names', async () => {
    const rows = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('email_templates').select('name').execute())
    return new Set(rows.map((row) => row.name.toLowerCase()))
  })
}

/** The paragraphs of a product email from the `from`-th on (0 is its greeting): the details a studio's template is followed by. */
export function paragraphsFrom(text: string, from: number): string {
  return text.split('\n\n').slice(from).join('\n\n')
}

async function contactIdOf(trx: TenantExecutor, contact: EmailContact): Promise<string | null> {
  if ('id' in contact) return contact.id
  if ('guid' in contact) return (await trx.selectFrom('contacts').select('id').where('guid', '=', contact.guid).executeTakeFirst())?.id ?? null
  return (await trx.selectFrom('invoices').select('contact_id').where('guid', '=', contact.invoiceGuid).executeTakeFirst())?.contact_id ?? null
}

/** One line of the details as HTML; links are links. */
function lineHtml(line: string): string {
  return escapeHtml(line).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
}
