import { Link } from '@remix-run/react'
import type { ImportSummary } from '#server/contacts/import/import-view'
import { Card } from '#app/components/ui/card'
import { DateText } from '#app/components/ui/date-text'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { ImportProgress } from './import-progress'

/** The tenant's latest imports under the upload form, each leading to its own page. */
export function RecentImports({ imports }: { imports: ImportSummary[] }) {
  return (
    <Card title="Recent imports" padding="flush">
      <Table label="Recent imports" minWidth={760}>
        <TableHead>
          <HeaderCell>File</HeaderCell>
          <HeaderCell>Uploaded</HeaderCell>
          <HeaderCell>Status</HeaderCell>
          <HeaderCell>Progress</HeaderCell>
          <HeaderCell align="end">Created</HeaderCell>
          <HeaderCell align="end">Updated</HeaderCell>
          <HeaderCell align="end">Skipped</HeaderCell>
          <HeaderCell align="end">Errors</HeaderCell>
        </TableHead>
        <TableBody columnCount={8} empty="No imports yet: the files you upload are listed here.">
          {imports.map((entry) => (
            <Row key={entry.guId}>
              <HeaderCell scope="row" className="max-w-64 truncate">
                <Link to={`/contacts/import/${entry.guId}`} className="font-medium text-brand-text hover:underline">
                  {entry.fileName}
                </Link>
              </HeaderCell>
              <Cell className="whitespace-nowrap text-slate-600">
                <DateText value={entry.uploaded} />
              </Cell>
              <Cell className="whitespace-nowrap">{entry.statusLabel}</Cell>
              <Cell>{entry.status === 'mapping' ? <span className="text-slate-600">{entry.totalRows.toLocaleString('en-US')} rows</span> : <ImportProgress summary={entry} compact />}</Cell>
              <Cell align="end">{entry.created.toLocaleString('en-US')}</Cell>
              <Cell align="end">{entry.updated.toLocaleString('en-US')}</Cell>
              <Cell align="end">{entry.skipped.toLocaleString('en-US')}</Cell>
              <Cell align="end" className={entry.errors > 0 ? 'font-medium text-red-700' : ''}>
                {entry.errors.toLocaleString('en-US')}
              </Cell>
            </Row>
          ))}
        </TableBody>
      </Table>
    </Card>
  )
}
