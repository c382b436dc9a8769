import { Form, useNavigation } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import type { MergeTagChoice } from '#server/email-templates/email-templates'
import type { TemplateFormErrors, TemplateFormValues } from '#server/email-templates/email-template-form'
import { RichTextEditor, type RichTextEditorHandle } from '#app/components/rich-text/rich-text-editor'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Field, fieldErrorId, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { MergeTagChips } from './merge-tag-chips'
import { useTemplatesWords } from './use-templates-words'

export interface TemplateEditorProps {
  mode: 'add' | 'edit'
  values: TemplateFormValues
  errors: TemplateFormErrors
  tags: { standard: readonly MergeTagChoice[]; custom: readonly MergeTagChoice[] }
  addFieldHref: string
  /** Edit only: the address of the delete confirmation. */
  deleteHref?: string
}

/**
 * The add and edit form of an email template (settings spec, "Template Details"): the merge tag
 * chips, name, subject and the rich-text message. It posts the same fields with or without
 * JavaScript; Quill edits the message's textarea once it has loaded.
 */
export function TemplateEditor({ mode, values, errors, tags, addFieldHref, deleteHref }: TemplateEditorProps) {
  const [subject, setSubject] = useState(values.subject)
  const [body, setBody] = useState(values.body)
  const subjectInput = useRef<HTMLInputElement>(null)
  const editor = useRef<RichTextEditorHandle | null>(null)
  // Where a pressed chip puts its tag: the field that last had the focus.
  const target = useRef<'subject' | 'body'>('body')
  const busy = useNavigation().state === 'submitting'
  const { t } = useTemplatesWords()

  const insert = (text: string) => {
    const input = subjectInput.current
    if (target.current === 'subject' && input) {
      const start = input.selectionStart ?? subject.length
      const end = input.selectionEnd ?? start
      const next = `${subject.slice(0, start)}${text}${subject.slice(end)}`
      setSubject(next)
      requestAnimationFrame(() => {
        input.focus()
        input.setSelectionRange(start + text.length, start + text.length)
      })
      return
    }
    if (editor.current) editor.current.insertText(text)
    else setBody((current) => `${current}${text}`)
  }

  return (
    <div className="mx-auto flex max-w-4xl flex-col p-4 sm:p-6">
      <ScreenHeader title={t('templateDetails')} backTo="/settings/templates">
        {deleteHref ? (
          <ButtonLink to={deleteHref} variant="danger" preventScrollReset>
            <Trash2 aria-hidden className="h-4 w-4" />
            {t('delete')}
          </ButtonLink>
        ) : null}
      </ScreenHeader>
      <section aria-labelledby="template-heading" className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="template-heading" className="text-lg font-semibold text-slate-900">
          {mode === 'add' ? t('addTemplate') : t('editTemplate')}
        </h2>
        <MergeTagChips standard={tags.standard} custom={tags.custom} addFieldHref={addFieldHref} onInsert={insert} />
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="save" />
          {errors.form ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {errors.form}
            </p>
          ) : null}
          <Field id="template-name" label={t('templateName')} required errors={errors.name ? [errors.name] : null}>
            {(control) => <input {...control} name="name" defaultValue={values.name} maxLength={100} autoComplete="off" className={FIELD_INPUT_CLASSES} />}
          </Field>
          <Field id="template-subject" label={t('subject')} hint={t('subjectHint')} required errors={errors.subject ? [errors.subject] : null}>
            {(control) => (
              <input
                {...control}
                ref={subjectInput}
                name="subject"
                value={subject}
                onChange={(event) => setSubject(event.target.value)}
                onFocus={() => (target.current = 'subject')}
                maxLength={255}
                autoComplete="off"
                className={FIELD_INPUT_CLASSES}
              />
            )}
          </Field>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="template-body" className="text-sm font-medium text-slate-700">
              {t('message')}
              <span aria-hidden className="text-red-700">
                {' '}
                *
              </span>
            </label>
            <RichTextEditor
              id="template-body"
              name="body"
              label={t('message')}
              value={body}
              onChange={setBody}
              invalid={Boolean(errors.body)}
              describedBy={errors.body ? fieldErrorId('template-body') : undefined}
              onReady={(handle) => (editor.current = handle)}
              onFocus={() => (target.current = 'body')}
            />
            {errors.body ? (
              <p id={fieldErrorId('template-body')} className="text-sm text-red-700">
                {errors.body}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <ButtonLink to="/settings/templates" variant="secondary">
              {t('cancel')}
            </ButtonLink>
            <Button type="submit" variant="primary" busy={busy}>
              {t('submit')}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  )
}
