import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'

/** 'Delete Franchise!' in the spec's words and size (450x205); Yes posts the delete to `action`. */
export function DeleteFranchiseDialog({ closeTo, action, guid }: { closeTo: string; action?: string; guid?: string }) {
  const { t } = useTranslation('settings')
  return (
    <ConfirmDialog
      closeTo={closeTo}
      title={t('deleteFranchiseTitle')}
      message={t('areYouSure')}
      intent="delete"
      action={action}
      hiddenFields={guid ? [['guid', guid]] : []}
      width={450}
      minHeight={205}
    />
  )
}
