import type { RegistryWidgetsType } from '@rjsf/utils'
import { CheckboxesWidget, RadioWidget, SelectWidget } from './choice-widgets'
import { CodeWidget } from './code-widget'
import { ColorWidget } from './color-widget'
import { ImageWidget } from './image-widget'
import { PhoneWidget } from './phone-widget'
import { RichTextWidget } from './rich-text-widget'
import { TextareaWidget } from './textarea-widget'
import { CheckboxWidget, SwitchWidget } from './toggle-widgets'

/**
 * Every widget a descriptor may name in `ui:widget`, registered once by name so that
 * descriptors stay pure JSON. The rjsf names (select, radio, checkbox, checkboxes, textarea)
 * are replaced by versions that post real values and work without JavaScript.
 */
export const widgets: RegistryWidgetsType = {
  SelectWidget,
  RadioWidget,
  CheckboxWidget,
  CheckboxesWidget,
  TextareaWidget,
  ColorWidget,
  select: SelectWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  checkboxes: CheckboxesWidget,
  textarea: TextareaWidget,
  color: ColorWidget,
  switch: SwitchWidget,
  image: ImageWidget,
  phone: PhoneWidget,
  richText: RichTextWidget,
  code: CodeWidget,
}

export const WIDGET_NAMES = Object.keys(widgets)
