import { ConfirmDialog } from '#app/components/ui/confirm-dialog'

/** 'Delete Franchise!' in the spec's words and size (450x205); Yes posts the delete to `action`. */
export function DeleteFranchiseDialog({ closeTo, action, guid }: { closeTo: string; action?: string; guid?: string }) {
  return (
    <ConfirmDialog
      closeTo={closeTo}
      title="Delete Franchise!"
      message="Are you sure you want to continue?"
      intent="delete"
      action={action}
      hiddenFields={guid ? [['guid', guid]] : []}
      width={450}
      minHeight={205}
    />
  )
}
