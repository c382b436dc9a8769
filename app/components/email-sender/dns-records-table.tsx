import { CopyButton } from '#app/components/schema-form/copy-button'
import type { SenderDnsRecord } from '#server/email-sender/dns-records'

const PURPOSE: Record<SenderDnsRecord['purpose'], string> = {
  verification: 'Domain ownership (required)',
  dkim: 'DKIM signing key (required)',
  spf: 'SPF (suggested)',
  dmarc: 'DMARC (suggested)',
}

/** The records the studio adds at its DNS host (step 2); copy buttons appear with JavaScript. */
export function DnsRecordsTable({ records }: { records: readonly SenderDnsRecord[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm" data-dns-records>
        <caption className="sr-only">DNS records to add for your sender domain</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Name
            </th>
            <th scope="col" className="py-2 pr-3">
              Type
            </th>
            <th scope="col" className="py-2">
              Value
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={`${record.purpose}-${record.name}`} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-3">
                <div className="flex items-start gap-1">
                  <code className="break-all">{record.name}</code>
                  <CopyButton value={record.name} label={`Copy the name of the ${PURPOSE[record.purpose]} record`} />
                </div>
                <p className="text-xs text-slate-600">{PURPOSE[record.purpose]}</p>
              </td>
              <td className="py-2 pr-3">
                <div className="flex items-start gap-1">
                  <code>{record.type}</code>
                  <CopyButton value={record.type} label={`Copy the type of the ${PURPOSE[record.purpose]} record`} />
                </div>
              </td>
              <td className="py-2">
                <div className="flex items-start gap-1">
                  <code className="max-w-[28rem] break-all text-xs">{record.value}</code>
                  <CopyButton value={record.value} label={`Copy the value of the ${PURPOSE[record.purpose]} record`} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
