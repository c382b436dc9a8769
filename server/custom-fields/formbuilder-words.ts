import type { CustomFieldType, CustomFormType } from '#db/types'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'

/** The staff form builder's words made on the server (descriptors, labels, titles, CSV), in a language. */
export function formbuilderWords(language: Language) {
  return tFor(language, 'formbuilder')
}

/** 'Text Area' / 'Metin Alanı': a custom field type as the screens name it. */
export function customFieldTypeLabelIn(type: CustomFieldType, language: Language): string {
  return formbuilderWords(language)(`fieldType_${type}`)
}

/** 'Student Registration' / 'Öğrenci Kaydı': a form type as the staff screens name it. */
export function formTypeLabelIn(type: CustomFormType, language: Language): string {
  return formbuilderWords(language)(`formType_${type}`)
}
