import { Form, Link, useNavigation } from '@remix-run/react'
import type { Editor } from 'grapesjs'
import { BookmarkPlus, LayoutTemplate } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Dialog } from '#app/components/ui/dialog'
import { useCodeMirror } from '#app/components/ui/use-code-mirror'
import type { PageDraft } from '#app/utils/website-editor.server'
import { useTranslation } from 'react-i18next'
import { VisualEditor, type PublishedFormLink } from './visual-editor'

const FORM_ID = 'page-editor-form'

/**
 * Step 2, 'Edit Page': the visual editor (JavaScript) or the HTML editor (CodeMirror, or a plain
 * textarea without JavaScript). The draft travels in the form, so Next, Previous and Save as
 * Template work the same with or without JavaScript.
 */
export function PageEditorForm(props: {
  draft: PageDraft
  forms: readonly PublishedFormLink[]
  cancelTo: string
  templatesHref: string
  /** The same draft in the other editor. */
  otherEditorHref: (mode: 'html' | 'visual') => string
  message: string | null
  notice: string | null
  templateNameError: string | null
}) {
  const { draft, forms, cancelTo, templatesHref, otherEditorHref, message, notice, templateNameError } = props
  const { t } = useTranslation('website')
  const editor = useRef<Editor | null>(null)
  const fields = useRef<{ html: HTMLTextAreaElement | null; css: HTMLInputElement | null; design: HTMLInputElement | null }>({ html: null, css: null, design: null })
  const [hydrated, setHydrated] = useState(false)
  const [askingName, setAskingName] = useState(templateNameError !== null)
  useEffect(() => setHydrated(true), [])
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'

  // The visual editor's state goes into the form just before it is posted.
  const collect = (event: FormEvent<HTMLFormElement>) => {
    const current = editor.current
    if (draft.mode !== 'visual') return
    if (!current) {
      event.preventDefault()
      return
    }
    const { html, css, design } = fields.current
    if (html) html.value = current.getHtml()
    if (css) css.value = current.getCss() ?? ''
    if (design) design.value = JSON.stringify(current.getProjectData())
  }

  return (
    <Form id={FORM_ID} method="post" encType="multipart/form-data" onSubmit={collect} className="flex flex-col gap-4">
      <input type="hidden" name="mode" value={draft.mode} />
      <input type="hidden" name="source" value={draft.source} />
      {message ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {message}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {notice}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm text-slate-600">
          {t('startingFrom')} <span className="font-medium text-slate-900">{draft.source || t('thisPage')}</span>
        </p>
        <ButtonLink to={templatesHref} size="sm" aria-label={t('allTemplates')} title={t('allTemplates')}>
          <LayoutTemplate aria-hidden className="h-4 w-4" /> {t('allTemplates')}
        </ButtonLink>
        {hydrated ? (
          <Button type="button" size="sm" onClick={() => setAskingName(true)} title={t('saveAsTemplate')}>
            <BookmarkPlus aria-hidden className="h-4 w-4" /> {t('saveAsTemplate')}
          </Button>
        ) : null}
      </div>
      {draft.mode === 'visual' ? (
        <>
          <input type="hidden" name="css" defaultValue={draft.css} ref={(node) => void (fields.current.css = node)} />
          <input type="hidden" name="design" defaultValue={draft.design} ref={(node) => void (fields.current.design = node)} />
          <textarea name="html" hidden defaultValue={draft.html} ref={(node) => void (fields.current.html = node)} />
          {hydrated ? (
            <VisualEditor start={draft} forms={forms} onReady={(ready) => void (editor.current = ready)} />
          ) : (
            <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
              <p>{t('visualNeedsJs')}</p>
              <Link to={otherEditorHref('html')} className="mt-2 inline-block font-medium underline">
                {t('editAsHtml')}
              </Link>
            </div>
          )}
        </>
      ) : (
        <>
          <input type="hidden" name="css" value={draft.css} />
          <HtmlEditor initial={draft.html} />
          {hydrated ? (
            <p className="text-sm text-slate-600">
              <Link to={otherEditorHref('visual')} className="font-medium text-brand-text underline">
                {t('openInVisual')}
              </Link>
            </p>
          ) : null}
        </>
      )}
      {hydrated ? null : <SaveAsTemplateFields error={templateNameError} />}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <ButtonLink to={cancelTo}>{t('cancel')}</ButtonLink>
        <ButtonLink to={templatesHref}>{t('previous')}</ButtonLink>
        <Button type="submit" name="intent" value="preview" variant="primary" busy={busy && navigation.formData?.get('intent') === 'preview'}>
          {t('next')}
        </Button>
      </div>
      {hydrated ? (
        <Dialog title={t('saveAsTemplate')} open={askingName} onClose={() => setAskingName(false)} width={450}>
          <SaveAsTemplateFields error={templateNameError} />
        </Dialog>
      ) : null}
    </Form>
  )
}

/** 'Template Name' and Submit; inside the dialog they still belong to the editor's form. */
function SaveAsTemplateFields({ error }: { error: string | null }) {
  const { t } = useTranslation('website')
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('saveAsTemplate')}</legend>
      <label htmlFor="template-name" className="text-sm font-medium text-slate-700">
        {t('templateName')}
      </label>
      <input
        id="template-name"
        name="templateName"
        form={FORM_ID}
        maxLength={100}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'template-name-error' : undefined}
        className="rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
      {error ? (
        <p id="template-name-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" form={FORM_ID} name="intent" value="save-template" variant="secondary">
          {t('submit')}
        </Button>
      </div>
    </fieldset>
  )
}

function HtmlEditor({ initial }: { initial: string }) {
  const host = useRef<HTMLDivElement>(null)
  const textarea = useRef<HTMLTextAreaElement>(null)
  const { t } = useTranslation('website')
  const { ready } = useCodeMirror(host, {
    initial,
    label: t('pageHtml'),
    editable: true,
    onChange: (text) => {
      if (textarea.current) textarea.current.value = text
    },
  })
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="page-html" className="text-sm font-medium text-slate-700">
        {t('pageHtml')}
      </label>
      <textarea
        ref={textarea}
        id="page-html"
        name="html"
        defaultValue={initial}
        hidden={ready}
        rows={20}
        spellCheck={false}
        className="block w-full rounded-md border border-slate-300 bg-slate-900 px-3 py-2 font-mono text-sm text-slate-100"
      />
      <div ref={host} className="overflow-hidden rounded-md text-sm [&_.cm-editor]:min-h-96" />
      <p className="text-sm text-slate-600">{t('scriptsRemoved')}</p>
    </div>
  )
}
