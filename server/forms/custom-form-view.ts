import type { CustomFormType } from '#db/types'

/** A form as the staff list shows it. */
export interface CustomFormSummary {
  id: string
  guId: string
  name: string
  formType: CustomFormType
  isPublished: boolean
  version: number
  fieldCount: number
  submissionCount: number
  updatedAt: string
}
