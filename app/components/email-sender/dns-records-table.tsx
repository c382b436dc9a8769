import { CopyButton } from '#app/components/schema-form/copy-button'
import type { SenderDnsRecord } from '#server/email-sender/dns-records'
import { useIntegrationsWords, type IntegrationsKey } from '#app/components/integrations/use-integrations-words'

const PURPOSE: Record<SenderDnsRecord['purpose'], IntegrationsKey> = {
  verification: 'dnsPurposeVerification',
  dkim: 'dnsPurposeDkim',
  spf: 'dnsPurposeSpf',
  dmarc: 'dnsPurposeDmarc',
}

/** The records the studio adds at its DNS host (step 2); copy buttons appear with JavaScript. */
export function DnsRecordsTable({ records }: { records: readonly SenderDnsRecord[] }) {
  const { t } = useIntegrationsWords()
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm" data-dns-records>
        <caption className="sr-only">{t('dnsRecordsCaption')}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3">
              {t('dnsName')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('dnsType')}
            </th>
            <th scope="col" className="py-2">
              {t('dnsValue')}
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={`${record.purpose}-${record.name}`} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-3">
                <div className="flex items-start gap-1">
                  <code className="break-all">{record.name}</code>
                  <CopyButton value={record.name} label={t('copyRecordName', { purpose: t(PURPOSE[record.purpose]) })} />
                </div>
                <p className="text-xs text-slate-600">{t(PURPOSE[record.purpose])}</p>
              </td>
              <td className="py-2 pr-3">
                <div className="flex items-start gap-1">
                  <code>{record.type}</code>
                  <CopyButton value={record.type} label={t('copyRecordType', { purpose: t(PURPOSE[record.purpose]) })} />
                </div>
              </td>
              <td className="py-2">
                <div className="flex items-start gap-1">
                  <code className="max-w-[28rem] break-all text-xs">{record.value}</code>
                  <CopyButton value={record.value} label={t('copyRecordValue', { purpose: t(PURPOSE[record.purpose]) })} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
