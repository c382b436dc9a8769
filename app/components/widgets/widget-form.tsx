import { Form, useNavigation } from '@remix-run/react'
import { useState, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { WidgetFormErrors, WidgetFormValues } from '#server/widgets/widget-form'
import type { WidgetLiveMessages } from '#server/widgets/widget-live-messages'
import { isWidgetTypeKey, listsEvents, MAX_EVENT_COUNT, WIDGET_TYPES, type WidgetTypeKey } from '#server/widgets/widget-types'
import { RichTextEditor } from '#app/components/rich-text/rich-text-editor'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Field, fieldErrorId, FIELD_INPUT_CLASSES, RequiredMark } from '#app/components/ui/field'
import { useTemplatesWords } from '#app/components/email-templates/use-templates-words'

export interface WidgetFormProps {
  /** New: the type is chosen here; edit: it is fixed and its select disabled (settings spec). */
  mode: 'new' | 'edit'
  values: WidgetFormValues
  errors: WidgetFormErrors
  /** The messages shown while typing, in the page's language (widget-live-messages.ts). */
  liveMessages: WidgetLiveMessages
}

/**
 * The widget's fields (settings spec, Widget edit): name, type, and what the type uses (the
 * announcement's text, the link's URL, how many events), then the frame's width and height.
 * It posts the same fields with or without JavaScript. Without it, a new widget's form shows
 * every type's fields, each saying which type it is for; with it, only the chosen type's.
 */
export function WidgetForm({ mode, values, errors, liveMessages }: WidgetFormProps) {
  const { t } = useTemplatesWords()
  const hydrated = useHydrated()
  const [type, setType] = useState<WidgetTypeKey | ''>(isWidgetTypeKey(values.type) ? values.type : '')
  const [name, setName] = useState(values.name)
  const [url, setUrl] = useState(values.url)
  const [body, setBody] = useState(values.body)
  const [touched, setTouched] = useState<{ name?: boolean; url?: boolean }>({})
  const busy = useNavigation().state === 'submitting'

  // Before JavaScript runs a new widget's type can change without the page knowing: show all.
  const showsAll = mode === 'new' && !hydrated
  const shows = (forType: (key: WidgetTypeKey) => boolean) => showsAll || (type !== '' && forType(type))
  const forTypes = (words: string) => (showsAll ? ` (${words})` : '')

  // The spec's live rules: a name, and a URL for a Link widget; Submit waits for them.
  const nameMessage = errors.name ?? (touched.name && name.trim() === '' ? liveMessages.nameRequired : undefined)
  const urlMessage = errors.url ?? (touched.url && url.trim() === '' ? liveMessages.urlRequired : undefined)
  const invalid = hydrated && (name.trim() === '' || (type === 'link' && url.trim() === ''))

  return (
    <Form method="post" className="flex flex-col gap-5" noValidate>
      <input type="hidden" name="intent" value="save" />
      {errors.form ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}
      <Field id="widget-name" label={t('name')} hint={t('nameHint')} required errors={nameMessage ? [nameMessage] : null}>
        {(control) => (
          <input
            {...control}
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched((was) => ({ ...was, name: true }))}
            maxLength={100}
            autoComplete="off"
            className={FIELD_INPUT_CLASSES}
          />
        )}
      </Field>
      <Field
        id="widget-type"
        label={t('type')}
        hint={mode === 'edit' ? t('typeKeptHint') : type === '' ? null : t(`widgetTypeText_${type}` as const)}
        errors={errors.type ? [errors.type] : null}
      >
        {(control) => (
          <select
            {...control}
            name="type"
            value={type}
            disabled={mode === 'edit'}
            onChange={(event) => setType(isWidgetTypeKey(event.target.value) ? event.target.value : '')}
            className={`${FIELD_INPUT_CLASSES} disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-700`}
          >
            {WIDGET_TYPES.map((entry) => (
              <option key={entry.key} value={entry.key}>
                {t(`widgetType_${entry.key}` as const)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="widget-title" label={t('title')} hint={showsAll ? t('titleHintAny') : type === 'link' ? t('titleHintLink') : t('titleHintHeading')} errors={errors.title ? [errors.title] : null}>
        {(control) => <input {...control} name="title" defaultValue={values.title} maxLength={200} autoComplete="off" className={FIELD_INPUT_CLASSES} />}
      </Field>
      {shows((key) => key === 'announcement') ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor="widget-body" className="text-sm font-medium text-slate-700">
            {`${t('announcementText')}${forTypes(t('forAnnouncementWidgets'))}`}
            <RequiredMark />
          </label>
          <RichTextEditor
            id="widget-body"
            name="body"
            label={`${t('announcementText')}${forTypes(t('forAnnouncementWidgets'))}`}
            value={body}
            onChange={setBody}
            invalid={Boolean(errors.body)}
            describedBy={errors.body ? fieldErrorId('widget-body') : undefined}
          />
          {errors.body ? (
            <p id={fieldErrorId('widget-body')} className="text-sm text-red-700">
              {errors.body}
            </p>
          ) : null}
        </div>
      ) : null}
      {shows((key) => key === 'link') ? (
        <Field id="widget-url" label={`${t('url')}${forTypes(t('forLinkWidgets'))}`} hint={t('urlHint')} required errors={urlMessage ? [urlMessage] : null}>
          {(control) => (
            <input
              {...control}
              type="url"
              name="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              onBlur={() => setTouched((was) => ({ ...was, url: true }))}
              maxLength={2000}
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              className={FIELD_INPUT_CLASSES}
            />
          )}
        </Field>
      ) : null}
      {shows(listsEvents) ? (
        <Field id="widget-count" label={`${t('numberOfEvents')}${forTypes(t('forEventWidgets'))}`} hint={t('countHint', { max: MAX_EVENT_COUNT })} errors={errors.count ? [errors.count] : null}>
          {(control) => (
            <input {...control} type="number" name="count" defaultValue={values.count} min={1} max={MAX_EVENT_COUNT} step={1} inputMode="numeric" className={`${FIELD_INPUT_CLASSES} w-32`} />
          )}
        </Field>
      ) : null}
      <SizeFields values={values} errors={errors} />
      <div className="flex flex-wrap justify-end gap-2">
        <ButtonLink to="/settings/widgets" variant="secondary">
          {t('cancel')}
        </ButtonLink>
        <Button type="submit" variant="primary" busy={busy} disabled={invalid}>
          {t('submit')}
        </Button>
      </div>
    </Form>
  )
}

function SizeFields({ values, errors }: Pick<WidgetFormProps, 'values' | 'errors'>) {
  const { t } = useTemplatesWords()
  const pixels = (id: 'width' | 'height', label: string, hint: ReactNode) => (
    <Field id={`widget-${id}`} label={label} hint={hint} errors={errors[id] ? [errors[id]] : null}>
      {(control) => (
        <input {...control} type="number" name={id} defaultValue={values[id]} min={id === 'width' ? 100 : 40} max={4000} step={1} inputMode="numeric" className={`${FIELD_INPUT_CLASSES} w-32`} />
      )}
    </Field>
  )
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{t('sizeOnWebsite')}</legend>
      <div className="flex flex-wrap gap-4">
        {pixels('width', t('width'), t('widthHint'))}
        {pixels('height', t('height'), t('heightHint'))}
      </div>
    </fieldset>
  )
}
