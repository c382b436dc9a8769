import type { ScreenDescriptor } from '#server/screens/descriptor'
import { autoTagFor } from '#server/custom-fields/tag-rules'
import { generateTag } from '#server/shell/tags'
import { SchemaForm, type SchemaFormResult } from '#app/components/schema-form/schema-form'
import { OverlayDialog } from './overlay-dialog'

interface CustomFieldDialogProps {
  descriptor: ScreenDescriptor
  values: Record<string, unknown>
  heading: string
  isNew: boolean
  result: SchemaFormResult | null
}

/**
 * The create/edit custom field dialog (450 wide, as the settings spec sizes it). While
 * creating, the tag follows the name until the user types a tag of their own.
 */
export function CustomFieldDialog({ descriptor, values, heading, isNew, result }: CustomFieldDialogProps) {
  const followName = (next: Record<string, unknown>, previous: Record<string, unknown>) => {
    if (!isNew || !('tag' in descriptor.schema.properties) || next.name === previous.name) return next
    const previousTag = typeof previous.tag === 'string' ? previous.tag : ''
    const previousName = typeof previous.name === 'string' ? previous.name : ''
    const edited = previousTag !== '' && previousTag !== generateTag(previousName)
    const tag = autoTagFor(typeof next.name === 'string' ? next.name : '', edited)
    return tag === null ? next : { ...next, tag }
  }
  return (
    <OverlayDialog title={heading} closeTo="/settings/customfield">
      <SchemaForm
        id="custom-field"
        intent="custom-field"
        descriptor={descriptor}
        values={values}
        result={result}
        submitLabel={isNew ? 'Add' : 'Update'}
        cancelTo="/settings/customfield"
        onValuesChange={followName}
      />
    </OverlayDialog>
  )
}
