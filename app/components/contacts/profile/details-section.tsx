import type { DetailGroup, DetailItem } from '#server/contacts/profile/profile-details'
import { Card } from '#app/components/ui/card'
import { DateText } from '#app/components/ui/date-text'
import { NotGiven } from './not-given'

function Value({ item }: { item: DetailItem }) {
  if (item.date !== undefined) return item.date ? <DateText value={item.date} /> : <NotGiven />
  if (item.value === null) return <NotGiven />
  if (item.href)
    return (
      <a href={item.href} className="break-all text-brand-text hover:underline">
        {item.value}
      </a>
    )
  return <span className="break-words whitespace-pre-line">{item.value}</span>
}

/** Every field of the profile, read-only, in titled groups. */
export function DetailsSection({ groups }: { groups: DetailGroup[] }) {
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      {groups.map((group) => (
        <Card key={group.id} title={group.title} className={group.id === 'contact' ? 'self-start lg:row-span-2' : 'self-start'}>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]">
            {group.items.map((item) => (
              <div key={item.label} className="contents">
                <dt className="text-sm font-medium text-slate-600">{item.label}</dt>
                <dd className="-mt-2 text-sm text-slate-900 sm:mt-0">
                  <Value item={item} />
                </dd>
              </div>
            ))}
          </dl>
        </Card>
      ))}
    </div>
  )
}
