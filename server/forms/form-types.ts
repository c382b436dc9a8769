import type { CustomFormType } from '#db/types'

/**
 * Form types staff choose from, each named by the 'formbuilder' word formType_<type>; a waiver
 * marks the contact's waiver as signed (docs/decisions/040).
 */
export const FORM_TYPE_VALUES: [CustomFormType, ...CustomFormType[]] = ['STUDENT_REGISTRATION', 'WAIVER', 'EVENT_REGISTRATION', 'GENERAL']
