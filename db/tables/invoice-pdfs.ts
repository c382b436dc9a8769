import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt } from './column-types'

export type InvoicePdfStatus = 'IN_PROGRESS' | 'COMPLETE' | 'ERROR'

/** The PDF of one invoice at one version, made by a job; the state is what its page shows. */
export interface InvoicePdfsTable {
  id: Generated<string>
  tenant_id: string
  invoice_id: string
  /** sha-256 hex of what the PDF prints: an invoice changed after its PDF was made has another version. */
  version: string
  status: ColumnType<InvoicePdfStatus, InvoicePdfStatus | undefined, InvoicePdfStatus>
  /** 1, then one more each time a failed PDF is asked for again; names the job run. */
  attempt: ColumnType<number, number | undefined, number>
  /** Where the finished file is in the tenant's files; set exactly when COMPLETE. */
  file_key: string | null
  /** 'invoice-0042.pdf'. */
  file_name: string
  error: string | null
  requested_by: string | null
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface InvoicePdfTables {
  invoice_pdfs: InvoicePdfsTable
}
