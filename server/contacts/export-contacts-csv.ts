import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { Database } from '#db/types'
import { CONTACT_STATUS_COLUMN as STATUS_COLUMN } from '#db/tables/contacts'
import { csvCell, csvLine, UTF8_BOM } from '#server/csv/csv-cell'
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

/**
 * A cell as `csvCell` writes it, written by Postgres: quoted, quotes doubled, a leading = + - @
 * tab or carriage return made inert with an apostrophe. Rows leave the database as finished
 * lines: built in the process, 100,000 rows of forty columns each left ~150 MB of garbage that
 * the heap grew to hold before collecting it.
 */
function cellSql(value: RawBuilder<string | null>): RawBuilder<string> {
  const text = sql`coalesce(${value}::text, '')`
  return sql<string>`('"' || replace(case when left(${text}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${text} else ${text} end, '"', '""') || '"')`
}

/** A custom field's value as the export writes it: Yes or No, the number, or the text. */
const FIELD_VALUE_TEXT = sql`case when v.value_bool is not null then (case when v.value_bool then 'Yes' else 'No' end) when v.value_number is not null then v.value_number::text else v.value_text end`

/** The CSV line of a contact of the inner query `c`: every column of STANDARD_HEADER, the two dates and each field's. */
function lineSql(fields: ExportField[]): RawBuilder<string> {
  const column = (name: string) => sql<string | null>`c.${sql.ref(name)}`
  const statuses = sql<string>`concat_ws('; ', ${sql.join(CONTACT_STATUSES.map((status) => sql`case when c.${sql.ref(STATUS_COLUMN[status])} then ${CONTACT_STATUS_LABELS[status]}::text end`))})`
  const cells = [
    ...['guid', 'first_name', 'last_name', 'email', 'alt_email1', 'alt_email2', 'alt_email3', 'phone', 'address_line1', 'address_line2', 'city', 'state', 'zip', 'country'].map((name) => cellSql(column(name))),
    cellSql(sql<string | null>`to_char(c.date_of_birth, 'YYYY-MM-DD')`),
    cellSql(column('company')),
    cellSql(statuses),
    ...['tags', 'category', 'sales_stage', 'account_stage', 'lead_source', 'barcode'].map((name) => cellSql(column(name))),
    cellSql(sql<string>`case when c.is_walk_in then 'Yes' else 'No' end`),
    cellSql(column('emergency_contact_name')),
    cellSql(column('emergency_contact_phone')),
    // A number the product computed, left unquoted so that a spreadsheet sums it (csvNumberCell).
    sql<string>`to_char(c.balance_minor / 100.0, 'FM999999999999999990.00')`,
    cellSql(column('created_local')),
    cellSql(column('updated_local')),
    ...fields.map((field) => cellSql(sql<string | null>`c.field_values ->> ${field.id}`)),
  ]
  return sql<string>`(${sql.join(cells, sql` || ',' || `)} || chr(13) || chr(10))`
}

/** One batch of finished lines after `after` in name order (keyset: (sort_name, id), the list's own index). */
async function exportBatch(trx: TenantExecutor, where: ContactsWhere, line: RawBuilder<string>, timeZone: string, after: { sortName: string; id: string } | null, limit: number) {
  return trx
    .selectFrom((db) =>
      db
        .selectFrom('contacts')
        .select([
          'id', 'guid', 'first_name', 'last_name', 'email', 'alt_email1', 'alt_email2', 'alt_email3', 'phone',
          'address_line1', 'address_line2', 'city', 'state', 'zip', 'country', 'date_of_birth', 'company',
          'category', 'sales_stage', 'account_stage', 'lead_source', 'barcode', 'is_walk_in',
          'emergency_contact_name', 'emergency_contact_phone', 'balance_minor', 'sort_name',
          ...Object.values(STATUS_COLUMN),
        ])
        .select([
          // Written by Postgres in the studio's zone, as a spreadsheet sorts and reads them.
          sql<string>`to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`.as('created_local'),
          sql<string>`to_char(updated_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`.as('updated_local'),
          sql<string | null>`(select string_agg(tags.name, '; ' order by lower(tags.name)) from contact_tags join tags on tags.id = contact_tags.tag_id where contact_tags.contact_id = contacts.id)`.as('tags'),
          sql<unknown>`(select jsonb_object_agg(v.field_id, ${FIELD_VALUE_TEXT}) from contact_field_values v where v.contact_id = contacts.id)`.as('field_values'),
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
        .as('c'),
    )
    .select(['c.id', 'c.sort_name', line.as('line')])
    .orderBy('c.sort_name')
    .orderBy('c.id')
    .execute()
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
  // Each line's SQL, built once the custom fields are known.
  let line: RawBuilder<string> | null = null
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
          line = lineSql(fields)
          return
        }
        const lines = line ?? lineSql(fields)
        const matches = where ?? (() => sql<SqlBool>`false`)
        const rows = await withTenant(database, tenant.id, (trx) => exportBatch(trx, matches, lines, timeZone, after, limit))
        if (rows.length > 0) {
          const last = rows[rows.length - 1]
          after = { sortName: last.sort_name ?? '', id: last.id }
          controller.enqueue(encoder.encode(rows.map((row) => row.line).join('')))
        }
        if (rows.length < limit) controller.close()
      },
    },
    // Pulled once the reader has taken what is queued: one batch in hand at a time.
    { highWaterMark: 0 },
  )
}
