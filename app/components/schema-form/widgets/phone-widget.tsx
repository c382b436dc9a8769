import type { WidgetProps } from '@rjsf/utils'
import { formContextOf } from '#app/components/schema-form/form-context'
import { BaseInputTemplate } from './base-input'
import { useSchemaFormWords } from '#app/components/schema-form/use-schema-form-words'

/** A phone input with the dial code of the country chosen elsewhere in the form shown before it. */
export function PhoneWidget(props: WidgetProps) {
  const countryField = typeof props.options.countryField === 'string' ? props.options.countryField : 'country'
  const word = useSchemaFormWords()
  const dialCodes = (props.options.dialCodes ?? {}) as Record<string, string>
  const country = formContextOf(props.registry).values[countryField]
  const dialCode = typeof country === 'string' ? (dialCodes[country] ?? '') : ''
  // The page's language, when the descriptor was put into one (server/forms/public-form-language.ts).
  const dialCodeLabel = typeof props.options.dialCodeLabel === 'string' ? props.options.dialCodeLabel : word('sf_dialCode')
  return (
    <div className="flex items-stretch">
      {dialCode ? (
        <span className="inline-flex items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600" aria-label={dialCodeLabel}>
          {dialCode}
        </span>
      ) : null}
      <div className="flex-1 [&>input]:rounded-l-none">
        <BaseInputTemplate {...props} type="tel" />
      </div>
    </div>
  )
}
