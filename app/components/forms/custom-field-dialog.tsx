import { useRef } from 'react'
import type { ScreenDescriptor } from '#server/screens/descriptor'
import { autoTagFor } from '#server/custom-fields/tag-rules'
import { SchemaForm, type SchemaFormResult } from '#app/components/schema-form/schema-form'
import { Dialog } from '#app/components/ui/dialog'

interface CustomFieldDialogProps {
  descriptor: ScreenDescriptor
  values: Record<string, unknown>
  heading: string
  /** The button's words, in the page's language (customFieldDialogView); 'Add' or 'Update' otherwise. */
  submitLabel?: string
  isNew: boolean
  result: SchemaFormResult | null
  /** Where closing and Cancel go: the custom fields screen, or the template it was opened from. */
  closeTo?: string
}

/**
 * The create/edit custom field dialog (450 wide, as the settings spec sizes it). While
 * creating, the tag follows the name until the user types a tag of their own.
 */
export function CustomFieldDialog({ descriptor, values, heading, submitLabel, isNew, result, closeTo = '/settings/customfield' }: CustomFieldDialogProps) {
  // Set once the user types in the tag itself; from then on the tag is theirs.
  const tagEdited = useRef(false)
  const followName = (next: Record<string, unknown>, previous: Record<string, unknown>) => {
    if (!isNew || !('tag' in descriptor.schema.properties)) return next
    if (next.name === previous.name) {
      if (next.tag !== previous.tag) tagEdited.current = true
      return next
    }
    const tag = autoTagFor(typeof next.name === 'string' ? next.name : '', tagEdited.current)
    return tag === null ? next : { ...next, tag }
  }
  return (
    <Dialog title={heading} closeTo={closeTo}>
      <SchemaForm
        id="custom-field"
        intent="custom-field"
        descriptor={descriptor}
        values={values}
        result={result}
        submitLabel={submitLabel ?? (isNew ? 'Add' : 'Update')}
        cancelTo={closeTo}
        onValuesChange={followName}
      />
    </Dialog>
  )
}
