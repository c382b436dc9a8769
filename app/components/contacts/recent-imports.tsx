import { Link } from '@remix-run/react'
import type { ImportSummary } from '#server/contacts/import/import-view'
import { Card } from '#app/components/ui/card'
import { DateText } from '#app/components/ui/date-text'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { ImportProgress } from './import-progress'
import { useContactsWords } from './use-contacts-words'

/** The tenant's latest imports under the upload form, each leading to its own page. */
export function RecentImports({ imports }: { imports: ImportSummary[] }) {
  const { t, shown } = useContactsWords()
  return (
    <Card title={t('import_recent')} padding="flush">
      <Table label={t('import_recent')} minWidth={760}>
        <TableHead>
          <HeaderCell>{t('import_file')}</HeaderCell>
          <HeaderCell>{t('import_uploaded')}</HeaderCell>
          <HeaderCell>{t('import_status')}</HeaderCell>
          <HeaderCell>{t('import_progress')}</HeaderCell>
          <HeaderCell align="end">{t('import_created')}</HeaderCell>
          <HeaderCell align="end">{t('import_updated')}</HeaderCell>
          <HeaderCell align="end">{t('import_skipped')}</HeaderCell>
          <HeaderCell align="end">{t('import_errors')}</HeaderCell>
        </TableHead>
        <TableBody columnCount={8} empty={t('import_recentEmpty')}>
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
              <Cell className="whitespace-nowrap">{t(`import_status_${entry.status}`)}</Cell>
              <Cell>{entry.status === 'mapping' ? <span className="text-slate-600">{t('import_rowTotal', { shown: shown(entry.totalRows) })}</span> : <ImportProgress summary={entry} compact />}</Cell>
              <Cell align="end">{shown(entry.created)}</Cell>
              <Cell align="end">{shown(entry.updated)}</Cell>
              <Cell align="end">{shown(entry.skipped)}</Cell>
              <Cell align="end" className={entry.errors > 0 ? 'font-medium text-red-700' : ''}>
                {shown(entry.errors)}
              </Cell>
            </Row>
          ))}
        </TableBody>
      </Table>
    </Card>
  )
}
