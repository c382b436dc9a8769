import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { Database } from '#db/types'
import { CONTACT_STATUS_COLUMN as STATUS_COLUMN } from '#db/tables/contacts'
import { csvCell, csvLine, csvNumberCell, UTF8_BOM } from '#server/csv/csv-cell'
import { dateInputValue } from '#server/dates/local-time'
import { resolveTimeZone } from '#server/dates/time-zone'
import type { Tenant } from '#server/tenancy/tenant'
import { CONTACT_STATUSES, CONTACT_STATUS_LABELS } from './contact-list-filter'
import type { ContactSelection } from './contact-selection'
import { selectedContactsWhere } from './selected-contacts'

/** Rows per query: large enough that round trips do not dominate, small enough to stay flat in memory. */
export const EXPORT_BATCH_SIZE = 500

interface ExportField {
  id: string
  name: string
  type: string
}

/** The standard columns, in order, before one column per custom field. */
const STANDARD_HEADER = [
  'Contact ID', 'First Name', 'Last Name', 'Email', 'Alt Email 1', 'Alt Email 2', 'Alt Email 3', 'Phone',
  'Address Line 1', 'Address Line 2', 'City', 'State', 'Zip', 'Country', 'Date of Birth', 'Company',
  'Statuses', 'Tags', 'Category', 'Sales Stage', 'Account Stage', 'Lead Source', 'Barcode', 'Walk-in',
  'Emergency Contact Name', 'Emergency Contact Phone', 'Balance',
] as const

/** The export's file name: the organisation and the day in its zone ('contacts-demo-2026-11-24.csv'). */
export function contactsExportFileName(tenant: Tenant, now: Date): string {
  const org = tenant.orgId.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'studio'
  return `contacts-${org}-${dateInputValue(now, tenant.settings.timezone)}.csv`
}

async function exportFields(trx: TenantExecutor): Promise<ExportField[]> {
  return trx.selectFrom('custom_fields').select(['id', 'name', 'type']).where('type', '<>', 'header').orderBy(sql`lower(name)`).orderBy('created_at').orderBy('id').execute()
}

type ContactsWhere = (eb: ExpressionBuilder<Database, 'contacts'>) => Expression<SqlBool>

/** One batch after `after` in name order (keyset: (sort_name, id), the list's own index). */
async function exportBatch(trx: TenantExecutor, where: ContactsWhere, timeZone: string, after: { sortName: string; id: string } | null, limit: number) {
  return trx
    .selectFrom('contacts')
    .select([
      'id', 'guid', 'first_name', 'last_name', 'email', 'alt_email1', 'alt_email2', 'alt_email3', 'phone',
      'address_line1', 'address_line2', 'city', 'state', 'zip', 'country', 'date_of_birth', 'company',
      'category', 'sales_stage', 'account_stage', 'lead_source', 'barcode', 'is_walk_in',
      'emergency_contact_name', 'emergency_contact_phone', 'balance_minor', 'sort_name',
      ...Object.values(STATUS_COLUMN),
    ])
    .select([
      // Written by Postgres in the studio's zone, as a spreadsheet sorts and reads them: a date
      // library call per cell cost more than the rest of a row together.
      sql<string>`to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`.as('created_local'),
      sql<string>`to_char(updated_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`.as('updated_local'),
      sql<string | null>`(select string_agg(tags.name, '; ' order by lower(tags.name)) from contact_tags join tags on tags.id = contact_tags.tag_id where contact_tags.contact_id = contacts.id)`.as('tags'),
      sql<Array<[string, string | null, string | number | null, boolean | null]> | null>`(select json_agg(json_build_array(v.field_id, v.value_text, v.value_number::text, v.value_bool)) from contact_field_values v where v.contact_id = contacts.id)`.as('field_values'),
    ])
    .where(where)
    // Not a row comparison ((sort_name, id) > (...)): under row-level security only leakproof
    // operators reach the index, and text and uuid comparisons are leakproof where records' are not.
    .$if(after !== null, (query) =>
      query.where((eb) => eb.and([eb('sort_name', '>=', after?.sortName ?? ''), eb.or([eb('sort_name', '>', after?.sortName ?? ''), eb('id', '>', after?.id ?? '')])])),
    )
    .orderBy('sort_name')
    .orderBy('id')
    .limit(limit)
    .execute()
}

type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number]

const text = (value: string | null | undefined) => csvCell(value ?? '')

function fieldValueText(type: string, value: [string, string | null, string | number | null, boolean | null]): string {
  const [, valueText, valueNumber, valueBool] = value
  if (valueBool !== null) return valueBool ? 'Yes' : 'No'
  if (valueNumber !== null) return String(valueNumber)
  return type === 'checkbox' && valueText === null ? '' : (valueText ?? '')
}

function rowLine(row: ExportRow, fields: ExportField[]): string {
  const values = new Map((row.field_values ?? []).map((value) => [value[0], value]))
  const balance = (Number(row.balance_minor) / 100).toFixed(2)
  return csvLine([
    text(row.guid), text(row.first_name), text(row.last_name), text(row.email), text(row.alt_email1), text(row.alt_email2), text(row.alt_email3), text(row.phone),
    text(row.address_line1), text(row.address_line2), text(row.city), text(row.state), text(row.zip), text(row.country), text(row.date_of_birth), text(row.company),
    text(CONTACT_STATUSES.filter((status) => row[STATUS_COLUMN[status]]).map((status) => CONTACT_STATUS_LABELS[status]).join('; ')),
    text(row.tags), text(row.category), text(row.sales_stage), text(row.account_stage), text(row.lead_source), text(row.barcode), text(row.is_walk_in ? 'Yes' : 'No'),
    text(row.emergency_contact_name), text(row.emergency_contact_phone), csvNumberCell(balance),
    text(row.created_local), text(row.updated_local),
    ...fields.map((field) => {
      const value = values.get(field.id)
      return text(value ? fieldValueText(field.type, value) : '')
    }),
  ])
}

/**
 * Every selected contact as CSV, streamed: the header first, then one batch of rows each time
 * the reader asks for more (a pull stream, so a slow download holds the next query back and
 * memory stays flat at 100,000 contacts). Each batch is its own short tenant transaction found
 * by keyset after the last row sent, so no connection is held for the length of a download
 * and nobody is repeated or skipped. Cells are made formula-safe; a BOM tells Excel it is UTF-8.
 */
export function contactsCsvStream(input: { database: DatabaseHandle; tenant: Tenant; selection: ContactSelection; batchSize?: number }): ReadableStream<Uint8Array> {
  const { database, tenant, selection } = input
  const limit = input.batchSize ?? EXPORT_BATCH_SIZE
  const timeZone = resolveTimeZone(tenant.settings.timezone)
  const encoder = new TextEncoder()
  let fields: ExportField[] | null = null
  let where: ContactsWhere | null = null
  // Joined-on days are read in the zone the file's dates are written in.
  const zoned = { id: tenant.id, settings: { ...tenant.settings, timezone: timeZone } }
  let after: { sortName: string; id: string } | null = null
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (fields === null) {
          // The selection's condition is read once (a custom field's type decides what its value
          // means) and holds only values, so every batch's transaction can use it.
          ;[fields, where] = await withTenant(database, tenant.id, async (trx) => [await exportFields(trx), await selectedContactsWhere(trx, selection, zoned)] as const)
          const header = [...STANDARD_HEADER, `Created (${timeZone})`, `Updated (${timeZone})`, ...fields.map((field) => field.name)]
          controller.enqueue(encoder.encode(UTF8_BOM + csvLine(header.map(csvCell))))
          return
        }
        const known = fields
        const matches = where ?? (() => sql<SqlBool>`false`)
        const rows = await withTenant(database, tenant.id, (trx) => exportBatch(trx, matches, timeZone, after, limit))
        if (rows.length > 0) {
          const last = rows[rows.length - 1]
          after = { sortName: last.sort_name, id: last.id }
          controller.enqueue(encoder.encode(rows.map((row) => rowLine(row, known)).join('')))
        }
        if (rows.length < limit) controller.close()
      },
    },
    // Pulled once the reader has taken what is queued: one batch in hand at a time.
    { highWaterMark: 0 },
  )
}
