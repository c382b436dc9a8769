import type { CustomFormType } from '#db/types'

/** Form types staff choose from; a waiver marks the contact's waiver as signed (docs/decisions/040). */
export const FORM_TYPES: ReadonlyArray<{ value: CustomFormType; label: string }> = [
  { value: 'STUDENT_REGISTRATION', label: 'Student Registration' },
  { value: 'WAIVER', label: 'Waiver' },
  { value: 'EVENT_REGISTRATION', label: 'Event Registration' },
  { value: 'GENERAL', label: 'General' },
]

export const FORM_TYPE_VALUES = FORM_TYPES.map((type) => type.value) as [CustomFormType, ...CustomFormType[]]

export function formTypeLabel(type: CustomFormType): string {
  return FORM_TYPES.find((entry) => entry.value === type)?.label ?? type
}
