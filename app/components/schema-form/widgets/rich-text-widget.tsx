import type { WidgetProps } from '@rjsf/utils'
import { ariaDescribedByIds } from '@rjsf/utils'
import { RichTextEditor } from '#app/components/rich-text/rich-text-editor'

export function RichTextWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, label, disabled, readonly, rawErrors, options } = props
  return (
    <RichTextEditor
      id={id}
      name={htmlName ?? id}
      value={typeof value === 'string' ? value : ''}
      onChange={(html) => onChange(html === '' ? options.emptyValue : html)}
      label={label}
      disabled={disabled || readonly}
      describedBy={ariaDescribedByIds(id)}
      invalid={Boolean(rawErrors && rawErrors.length > 0)}
    />
  )
}
