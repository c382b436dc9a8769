import type { WidgetProps } from '@rjsf/utils'

/** A custom field of type Header: a section title inside the form, with no value. */
export function HeadingWidget({ label, schema }: WidgetProps) {
  return <h3 className="border-b border-slate-200 pb-1 pt-2 text-lg font-semibold text-slate-900">{label || schema.title}</h3>
}
