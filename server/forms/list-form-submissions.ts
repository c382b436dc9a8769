import { sql } from 'kysely'
import type { PdfStatus } from '#db/types'
import type { TenantExecutor } from '#db/tenant-scope'
import { containsPattern } from '#server/text/like-pattern'

export const SUBMISSIONS_PAGE_SIZES = [10, 25, 50, 100] as const
export const DEFAULT_SUBMISSIONS_PAGE_SIZE = 25

export interface SubmissionListItem {
  id: string
  firstName: string
  lastName: string
  email: string | null
  phone: string | null
  isSigned: boolean
  pdfStatus: PdfStatus
  createdAt: string
}

export interface SubmissionPage<Item = SubmissionListItem> {
  items: Item[]
  total: number
  page: number
  pageSize: number
}


/**
 * One page of a form's submissions, newest first, optionally narrowed by a search over name,
 * email and phone. Paged in the database, so a form with many thousands stays quick.
 */
export async function listFormSubmissions(
  trx: TenantExecutor,
  formId: string,
  query: { search: string; page: number; pageSize: number },
): Promise<SubmissionPage> {
  const search = query.search.trim().slice(0, 100)
  let base = trx.selectFrom('form_submissions').where('form_id', '=', formId)
  if (search) {
    const pattern = containsPattern(search.toLowerCase())
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern),
        eb(sql`lower(coalesce(email, ''))`, 'like', pattern),
        eb(sql`coalesce(phone, '')`, 'like', pattern),
      ]),
    )
  }
  const countRow = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst()
  const total = Number(countRow?.total ?? 0)
  const pageCount = Math.max(1, Math.ceil(total / query.pageSize))
  const page = Math.min(Math.max(1, query.page), pageCount)
  const rows = await base
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'sign_method', 'pdf_status', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(query.pageSize)
    .offset((page - 1) * query.pageSize)
    .execute()
  return {
    total,
    page,
    pageSize: query.pageSize,
    items: rows.map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
      isSigned: row.sign_method !== null,
      pdfStatus: row.pdf_status,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  }
}
