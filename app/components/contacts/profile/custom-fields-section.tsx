import { ListChecks } from 'lucide-react'
import type { CustomValueView } from '#server/contacts/profile/list-contact-custom-values'
import { Card } from '#app/components/ui/card'
import { EmptyState } from '#app/components/ui/empty-state'
import { NotGiven } from './not-given'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'

/** The contact's answers to the tenant's custom fields, every field listed, unanswered ones too. */
export function CustomFieldsSection({ fields }: { fields: CustomValueView[] }) {
  const { t } = useContactsWords()
  if (fields.length === 0)
    return (
      <EmptyState icon={ListChecks} title={t('noCustomFieldsYet')}>
        {t('noCustomFieldsYetText')}
      </EmptyState>
    )
  return (
    <Card title={t('customFields')}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
        {fields.map((field) => (
          <div key={field.fieldGuId} className="contents">
            <dt className="text-sm font-medium text-slate-600">{field.name}</dt>
            <dd className="-mt-2 text-sm break-words whitespace-pre-line text-slate-900 sm:mt-0">{field.value ?? <NotGiven />}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}
