import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import grapesCss from 'grapesjs/dist/css/grapes.min.css'
import { ArrowLeft } from 'lucide-react'
import { screenMeta } from '#app/components/layout/page-title'
import { Button, ButtonLink } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { PageEditorForm } from '#app/components/website/page-editor-form'
import { TemplateGallery } from '#app/components/website/template-gallery'
import { loadWebsiteEditor, websiteEditorAction, type EditorActionData, type PageDraft } from '#app/utils/website-editor.server'
import { builderPagePath, editorPath } from '#app/utils/website-paths'
import { useTranslation } from 'react-i18next'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.screenTitle ?? 'Edit page')

export const handle: I18nHandle = { i18n: ['website'] }

// The visual editor's own styles, on this route only.
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: grapesCss }]

/** /website/edit/{page}: the stepper 'Select Template', 'Edit Page', 'Preview'. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const editor = await loadWebsiteEditor(request, context, params.name ?? '')
  return { ...editor, screenTitle: tFor(context.language, 'website')('editPage') }
}

export const action = ({ request, context, params }: ActionFunctionArgs) => websiteEditorAction(request, context, params.name ?? '')

const STEPS = ['step_select', 'step_edit', 'step_preview'] as const

export default function WebsiteEditorRoute() {
  const loaded = useLoaderData<typeof loader>()
  const posted = useActionData<EditorActionData>()
  const { page } = loaded
  const step = posted?.step ?? loaded.step
  const cancelTo = builderPagePath(page.name)
  const hrefOf = (extra: Record<string, string>) => editorPath(page.name, extra)
  const [searchParams] = useSearchParams()
  const { t } = useTranslation('website')
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <Link to={cancelTo} className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={t('backToPages')}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('editTitle', { title: page.title })}</h1>
      </header>
      <Stepper current={step} />
      {step === 1 && loaded.gallery ? (
        <section aria-labelledby="step-heading" className="flex flex-col gap-4">
          <h2 id="step-heading" className="sr-only">
            {t('step_select')}
          </h2>
          <TemplateGallery gallery={loaded.gallery} hrefOf={hrefOf} />
          {page.hasContent ? (
            <div className="flex justify-end gap-3 border-t border-slate-200 pt-4">
              <ButtonLink to={cancelTo}>{t('cancel')}</ButtonLink>
              <ButtonLink to={hrefOf({ step: '1', confirm: 'skip' })} preventScrollReset variant="secondary">
                {t('skip')}
              </ButtonLink>
            </div>
          ) : null}
          {page.hasContent && searchParams.get('confirm') === 'skip' ? (
            // A plain GET to step 2, so the confirmation works without JavaScript too.
            <ConfirmDialog
              closeTo={hrefOf({ step: '1' })}
              title={t('skipTitle')}
              message={t('skipQuestion')}
              method="get"
              action={editorPath(page.name, {})}
              hiddenFields={[['step', '2']]}
              yesVariant="primary"
            />
          ) : null}
          {loaded.toDelete ? (
            <ConfirmDialog
              closeTo={hrefOf({ step: '1' })}
              title={t('deleteTemplate')}
              message={t('deleteTemplateQuestion', { name: loaded.toDelete.name })}
              intent="delete-template"
              yesLabel={t('yes')}
              hiddenFields={[['templateId', loaded.toDelete.id]]}
            />
          ) : null}
        </section>
      ) : null}
      {step === 2 ? (
        <section aria-labelledby="step-heading">
          <h2 id="step-heading" className="sr-only">
            {t('step_edit')}
          </h2>
          <PageEditorForm
            key={JSON.stringify([posted?.draft.source ?? loaded.draft?.source, posted ? 'posted' : 'loaded'])}
            draft={(posted?.draft ?? loaded.draft) as PageDraft}
            forms={loaded.forms}
            cancelTo={cancelTo}
            templatesHref={hrefOf({ step: '1' })}
            otherEditorHref={(mode) => hrefOf({ step: '2', ...(loaded.templateId ? { template: loaded.templateId } : {}), editor: mode })}
            message={posted?.message ?? null}
            notice={posted?.notice ?? null}
            templateNameError={posted?.templateNameError ?? null}
          />
        </section>
      ) : null}
      {step === 3 && posted?.step === 3 ? <PreviewStep draft={posted.draft} preview={posted.preview} cancelTo={cancelTo} /> : null}
    </div>
  )
}

function Stepper({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation('website')
  return (
    <ol className="flex flex-wrap items-center gap-2 text-sm" aria-label={t('steps')}>
      {STEPS.map((label, index) => {
        const number = index + 1
        const state = number < current ? 'done' : number === current ? 'current' : 'next'
        return (
          <li key={label} aria-current={state === 'current' ? 'step' : undefined} className="flex items-center gap-2">
            <span
              aria-hidden
              className={`flex h-7 w-7 items-center justify-center rounded-full text-xs font-semibold ${
                state === 'current' ? 'bg-brand text-on-brand' : state === 'done' ? 'bg-emerald-600 text-white' : 'bg-slate-200 text-slate-700'
              }`}
            >
              {number}
            </span>
            <span className={state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-600'}>{t(label)}</span>
            {number < STEPS.length ? <span aria-hidden className="mx-1 h-px w-6 bg-slate-300 sm:w-12" /> : null}
          </li>
        )
      })}
    </ol>
  )
}

function PreviewStep({ draft, preview, cancelTo }: { draft: PageDraft; preview: { html: string; css: string }; cancelTo: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const { t } = useTranslation('website')
  return (
    <section aria-labelledby="step-heading" className="flex flex-col gap-4">
      <h2 id="step-heading" className="sr-only">
        {t('step_preview')}
      </h2>
      <p className="text-sm text-slate-600">{t('previewText')}</p>
      <div className="overflow-hidden rounded-xl border border-slate-300 bg-white p-4 shadow-sm sm:p-6">
        {/* Sanitised and scoped on the server (website-editor.server.ts). */}
        <style dangerouslySetInnerHTML={{ __html: preview.css }} />
        <div className="page-preview page-body" dangerouslySetInnerHTML={{ __html: preview.html }} />
        {preview.html.trim() === '' ? <p className="p-6 text-sm text-slate-600">{t('pageEmpty')}</p> : null}
      </div>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <input type="hidden" name="mode" value={draft.mode} />
        <input type="hidden" name="source" value={draft.source} />
        <input type="hidden" name="css" value={draft.css} />
        <input type="hidden" name="design" value={draft.design} />
        <textarea name="html" hidden readOnly value={draft.html} />
        <ButtonLink to={cancelTo}>{t('cancel')}</ButtonLink>
        <Button type="submit" name="intent" value="back">
          {t('previous')}
        </Button>
        <Button type="submit" name="intent" value="save" variant="primary" busy={busy}>
          {t('submit')}
        </Button>
      </Form>
    </section>
  )
}
