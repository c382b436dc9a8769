import { sql } from 'kysely'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { mediumDateIn } from '#server/dates/medium-date-in-language'
import { violates } from '#server/errors/constraint-violation'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { checkTemplateForm, EXTRA_TAGS, TEMPLATE_MESSAGES, type TemplateFormErrors, type TemplateFormValues } from './email-template-form'
import { STANDARD_MERGE_TAGS } from './merge-tags'
import { contactMergeValues, renderTemplate } from './render-template'
import { isUuid } from '#server/text/is-uuid'


/** The list's page sizes (settings spec: "template list 5 (5/10/50/100/150)"). */
export const TEMPLATE_PAGE_SIZES = [5, 10, 50, 100, 150] as const
export const DEFAULT_TEMPLATE_PAGE_SIZE = 5

export interface TemplateListQuery {
  page: number
  size: number
}

export function readTemplateListQuery(params: URLSearchParams): TemplateListQuery {
  const size = Number(params.get('size'))
  const page = Number(params.get('page'))
  return {
    size: (TEMPLATE_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_TEMPLATE_PAGE_SIZE,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  }
}

export interface TemplateListRow {
  guid: string
  name: string
  createdText: string
}

/** One page of the studio's templates, newest first, dated in the page's language. */
export async function listEmailTemplates(platform: Pick<Platform, 'database'>, tenant: Tenant, query: TemplateListQuery, language: Language): Promise<{ rows: TemplateListRow[]; total: number; page: number }> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const counted = await trx
      .selectFrom('email_templates')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    const total = Number(counted.n)
    const lastPage = Math.max(1, Math.ceil(total / query.size))
    const page = Math.min(query.page, lastPage)
    const rows = await trx
      .selectFrom('email_templates')
      .select(['guid', 'name', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(query.size)
      .offset((page - 1) * query.size)
      .execute()
    return { total, page, rows: rows.map((row) => ({ guid: row.guid, name: row.name, createdText: mediumDateIn(row.created_at, tenant.settings, language) })) }
  })
}

export interface MergeTagChoice {
  label: string
  tag: string
}

/** The chips of the editor: the standard tags, then the studio's custom fields that have a tag. */
export async function mergeTagChoices(platform: Pick<Platform, 'database'>, tenant: Tenant): Promise<{ standard: MergeTagChoice[]; custom: MergeTagChoice[] }> {
  const custom = await withTenant(platform.database, tenant.id, (trx) => customFieldTags(trx))
  return { standard: STANDARD_MERGE_TAGS.map(({ label, tag }) => ({ label, tag })), custom }
}

async function customFieldTags(trx: TenantExecutor): Promise<MergeTagChoice[]> {
  const rows = await trx.selectFrom('custom_fields').select(['name', 'tag']).where('tag', 'is not', null).orderBy('name').execute()
  const standard = new Set<string>([...STANDARD_MERGE_TAGS.map((entry) => entry.tag), ...EXTRA_TAGS])
  // A custom field whose tag is a standard one (or {{name}}) would never be used: the standard value wins.
  return rows.flatMap((row) => (row.tag && !standard.has(row.tag) ? [{ label: row.name, tag: row.tag }] : []))
}

/** Every tag a template of this studio may use. */
async function knownTags(trx: TenantExecutor): Promise<Set<string>> {
  const custom = await customFieldTags(trx)
  return new Set<string>([...STANDARD_MERGE_TAGS.map((entry) => entry.tag), ...EXTRA_TAGS, ...custom.map((entry) => entry.tag)])
}

/** A template as its edit form shows it, or null when this studio has none with that id. */
export async function loadEmailTemplate(platform: Pick<Platform, 'database'>, tenant: Tenant, unverifiedGuid: string): Promise<(TemplateFormValues & { guid: string }) | null> {
  if (!isUuid(unverifiedGuid)) return null
  const row = await withTenant(platform.database, tenant.id, (trx) =>
    trx.selectFrom('email_templates').select(['guid', 'name', 'subject', 'body_html']).where('guid', '=', unverifiedGuid).executeTakeFirst(),
  )
  return row ? { guid: row.guid, name: row.name, subject: row.subject, body: row.body_html } : null
}

export type SaveTemplateOutcome = WordedResult<{ guid: string; message: string }, 'invalid_input' | 'not_found', { errors: TemplateFormErrors }>

/** Adds a template (`editGuid` null) or changes one; a refused form writes nothing. */
export async function saveEmailTemplate(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenant: Tenant,
  input: { editGuid: string | null; values: TemplateFormValues; now: Date },
): Promise<SaveTemplateOutcome> {
  if (input.editGuid !== null && !isUuid(input.editGuid)) return err('not_found', TEMPLATE_MESSAGES.notFound, { errors: {} })
  try {
    return await writeTemplate(platform, tenant, input)
  } finally {
    // Receipts and notices ask which templates the studio has (studio-email.ts).
    platform.caches.changed(tenant.id, ['templates'])
  }
}

async function writeTemplate(platform: Pick<Platform, 'database'>, tenant: Tenant, input: { editGuid: string | null; values: TemplateFormValues; now: Date }): Promise<SaveTemplateOutcome> {
  try {
    return await withTenant(platform.database, tenant.id, async (trx): Promise<SaveTemplateOutcome> => {
      const existing = input.editGuid ? await trx.selectFrom('email_templates').select('id').where('guid', '=', input.editGuid).forUpdate().executeTakeFirst() : null
      if (input.editGuid && !existing) return err('not_found', TEMPLATE_MESSAGES.notFound, { errors: {} })
      const checked = checkTemplateForm(input.values, await knownTags(trx))
      if (!checked.ok) return err('invalid_input', TEMPLATE_MESSAGES.invalid, { errors: checked.details })
      const { name, subject, bodyHtml } = checked.value
      const clash = await trx
        .selectFrom('email_templates')
        .select('id')
        .where(sql`lower(name)`, '=', name.toLowerCase())
        .$if(Boolean(existing), (query) => query.where('id', '<>', existing?.id ?? ''))
        .executeTakeFirst()
      if (clash) return err('invalid_input', TEMPLATE_MESSAGES.invalid, { errors: { name: TEMPLATE_MESSAGES.nameTaken } })
      if (existing) {
        await trx.updateTable('email_templates').set({ name, subject, body_html: bodyHtml, updated_at: input.now }).where('id', '=', existing.id).execute()
        return ok({ guid: input.editGuid ?? '', message: TEMPLATE_MESSAGES.edited })
      }
      const created = await trx
        .insertInto('email_templates')
        .values({ tenant_id: tenant.id, name, subject, body_html: bodyHtml, created_at: input.now, updated_at: input.now })
        .returning('guid')
        .executeTakeFirstOrThrow()
      return ok({ guid: created.guid, message: TEMPLATE_MESSAGES.created })
    })
  } catch (error) {
    // Two saves of the same name at once: the second meets the unique index.
    if (violates(error, 'email_templates_name')) return err('invalid_input', TEMPLATE_MESSAGES.invalid, { errors: { name: TEMPLATE_MESSAGES.nameTaken } })
    throw error
  }
}

export async function deleteEmailTemplate(platform: Pick<Platform, 'database' | 'caches'>, tenant: Tenant, unverifiedGuid: string): Promise<WordedResult<{ message: string }, 'not_found'>> {
  if (!isUuid(unverifiedGuid)) return err('not_found', TEMPLATE_MESSAGES.notFound)
  const deleted = await withTenant(platform.database, tenant.id, (trx) => trx.deleteFrom('email_templates').where('guid', '=', unverifiedGuid).returning('id').executeTakeFirst())
  platform.caches.changed(tenant.id, ['templates'])
  return deleted ? ok({ message: TEMPLATE_MESSAGES.deleted }) : err('not_found', TEMPLATE_MESSAGES.notFound)
}

export interface TemplatePreview {
  contactName: string
  subject: string
  /** Sanitised HTML with the contact's values, escaped. */
  html: string
}

/** A saved template as one contact of this studio would receive it; null for an unknown template or contact. */
export async function previewEmailTemplate(platform: Pick<Platform, 'database'>, tenant: Tenant, input: { templateGuid: string; contactGuid: string }): Promise<TemplatePreview | null> {
  if (!isUuid(input.templateGuid) || !isUuid(input.contactGuid)) return null
  return withTenant(platform.database, tenant.id, async (trx) => {
    const template = await trx.selectFrom('email_templates').select(['subject', 'body_html']).where('guid', '=', input.templateGuid).executeTakeFirst()
    const contact = await trx.selectFrom('contacts').select(['id', 'first_name', 'last_name', 'email']).where('guid', '=', input.contactGuid).executeTakeFirst()
    if (!template || !contact) return null
    const values = await contactMergeValues(trx, tenant, contact.id, null)
    const rendered = renderTemplate({ subject: template.subject, bodyHtml: template.body_html }, values)
    return { contactName: `${contact.first_name} ${contact.last_name}`.trim() || (contact.email ?? ''), subject: rendered.subject, html: rendered.html }
  })
}
