import { data, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import { notFound } from '#server/errors/responses'
import { listPublishedForms } from '#server/forms/list-published-forms'
import { loadBuilderPage, MAX_PAGE_CSS, MAX_PAGE_HTML, saveBuilderPageContent, type BuilderPage } from '#server/website/builder/builder-pages'
import { isRawHtmlPage, LISTING_PAGE_NAMES } from '#server/website/builder/page-rules'
import { deletePageTemplate, listPageTemplates, loadPageTemplate, pageTypeForPage, readTemplateGalleryQuery, savePageTemplate, TEMPLATE_GALLERY_SIZES } from '#server/website/builder/page-templates'
import { TEMPLATE_MESSAGES } from '#server/website/builder/template-messages'
import { translateMessage } from '#server/i18n/translate-message'
import { sanitizePageHtml } from '#server/website/sanitize-page-html'
import { scopePageCss } from '#server/website/scope-page-css'
import { requireStaffArea } from './navigation.server'
import { redirectWithToast } from './toast.server'
import { builderPagePath, editorPath } from './website-paths'

export type EditorMode = 'visual' | 'html'

/** What the editor works on between steps; carried in the form, so the steps work without JavaScript. */
export interface PageDraft {
  mode: EditorMode
  html: string
  css: string
  /** The visual editor's project data as JSON text, or '' (HTML mode, or a design from HTML). */
  design: string
  /** Where the draft started, for the step 2 heading. */
  source: string
}

/** The background an empty design starts with (spec 002 section 4). */
export const EMPTY_TEMPLATE_BACKGROUND = '#F8F8FF'
const MAX_DESIGN_CHARS = 3_000_000

export { editorPath } from './website-paths'

/**
 * The page as it is: in the visual editor when it was designed there (it has a design or styles
 * of its own), as HTML when it was written as HTML (and for legal pages, by the spec's rule).
 */
function draftOfPage(page: BuilderPage): PageDraft {
  const designed = Boolean(page.design) || page.css.trim() !== ''
  const raw = isRawHtmlPage(page) || (!designed && page.html.trim() !== '')
  return { mode: raw ? 'html' : 'visual', html: page.html, css: page.css, design: page.design ? JSON.stringify(page.design) : '', source: 'This page as it is now' }
}

/** `?editor=html` or `visual` opens the same draft in the other editor (the design is dropped for HTML: the HTML becomes the source). */
function inEditor(draft: PageDraft, asked: string | null): PageDraft {
  if (asked === 'html' && draft.mode === 'visual') return { ...draft, mode: 'html', design: '' }
  if (asked === 'visual' && draft.mode === 'html') return { ...draft, mode: 'visual', design: '' }
  return draft
}

async function draftOfTemplate(context: AppLoadContext, tenantId: string, id: string): Promise<PageDraft | null> {
  if (id === 'empty') return { mode: 'visual', html: '', css: `body { background-color: ${EMPTY_TEMPLATE_BACKGROUND}; }`, design: '', source: 'Empty Template' }
  if (id === 'html') return { mode: 'html', html: '', css: '', design: '', source: 'HTML template' }
  const template = await loadPageTemplate(context.platform, { id: tenantId }, id)
  if (!template) return null
  return { mode: 'visual', html: template.html, css: template.css, design: template.design ? JSON.stringify(template.design) : '', source: template.name }
}

/** The stepper: 1 'Select Template', 2 'Edit Page', 3 'Preview'. */
export async function loadWebsiteEditor(request: Request, context: AppLoadContext, pageName: string) {
  const { tenant } = await requireStaffArea(request, context)
  const page = await loadBuilderPage(context.platform, tenant, pageName)
  if (!page || page.isExternalLink || (LISTING_PAGE_NAMES as readonly string[]).includes(page.name.toLowerCase())) throw notFound('That page does not exist or has no body to edit.')
  const params = new URL(request.url).searchParams
  const isHome = page.name.toLowerCase() === 'home'
  const askedStep = Number(params.get('step'))
  const templateId = params.get('template')
  // "Editing an existing page opens at step 1, or step 2 for any page other than home."
  const step = askedStep === 1 || askedStep === 2 ? askedStep : templateId || (page.hasContent && !isHome) ? 2 : 1
  const summary = { name: page.name, title: page.title, hasContent: page.hasContent }
  if (step === 1) {
    const query = readTemplateGalleryQuery(params)
    const gallery = await listPageTemplates(context.platform, tenant, query)
    const askedDelete = params.get('deleteTemplate')
    const toDelete = askedDelete ? gallery.cards.find((card) => card.id === askedDelete && card.isOwn) ?? null : null
    return { page: summary, step: 1 as const, gallery: { ...gallery, query, sizes: TEMPLATE_GALLERY_SIZES }, toDelete, draft: null, forms: [], preview: null, templateId: null }
  }
  const started = templateId ? await draftOfTemplate(context, tenant.id, templateId) : draftOfPage(page)
  if (!started) throw notFound(TEMPLATE_MESSAGES.notFound)
  const draft = inEditor(started, params.get('editor'))
  const forms = draft.mode === 'visual' ? await listPublishedForms(context.platform.database, tenant) : []
  return { page: summary, step: 2 as const, gallery: null, toDelete: null, draft, forms, preview: null, templateId }
}

const draftSchema = z.object({
  mode: z.enum(['visual', 'html']),
  html: z.string().max(MAX_PAGE_HTML, 'The page is too large to save (at most 500,000 characters of HTML).'),
  css: z.string().max(MAX_PAGE_CSS, 'The page styles are too large to save (at most 200,000 characters).').default(''),
  design: z.string().max(MAX_DESIGN_CHARS, 'The design is too large to save.').default(''),
  source: z.string().max(200).default(''),
})

const postSchema = z.discriminatedUnion('intent', [
  draftSchema.extend({ intent: z.literal('preview') }),
  draftSchema.extend({ intent: z.literal('back') }),
  draftSchema.extend({ intent: z.literal('save') }),
  draftSchema.extend({ intent: z.literal('save-template'), templateName: z.string().max(10_000) }),
  z.object({ intent: z.literal('delete-template'), templateId: z.string().max(100) }),
])

export type EditorActionData =
  | { step: 2; draft: PageDraft; message: string | null; notice: string | null; templateNameError: string | null; preview: null }
  | { step: 3; draft: PageDraft; message: null; notice: null; templateNameError: null; preview: { html: string; css: string } }

function parseDesign(text: string): unknown {
  if (text.trim() === '') return null
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null ? value : null
  } catch {
    return null
  }
}

/** The stepper's posts: Next (preview), Previous (back to editing), Submit (save), Save as Template, delete a template. */
export async function websiteEditorAction(request: Request, context: AppLoadContext, pageName: string) {
  const { tenant } = await requireStaffArea(request, context)
  const page = await loadBuilderPage(context.platform, tenant, pageName)
  if (!page) throw notFound('That page does not exist.')
  const form = await request.formData().catch(() => null)
  const posted = form ? Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {}
  const parsed = postSchema.safeParse(posted)
  const now = context.platform.clock.now()
  if (!parsed.success) {
    const fallback: PageDraft = {
      mode: posted.mode === 'html' ? 'html' : 'visual',
      html: (posted.html ?? '').slice(0, MAX_PAGE_HTML),
      css: (posted.css ?? '').slice(0, MAX_PAGE_CSS),
      design: '',
      source: posted.source ?? '',
    }
    const message = parsed.error.issues[0]?.message ?? 'Invalid Form!'
    return data<EditorActionData>({ step: 2, draft: fallback, message: translateMessage(context.language, message), notice: null, templateNameError: null, preview: null }, { status: 400 })
  }
  const input = parsed.data
  if (input.intent === 'delete-template') {
    const deleted = await deletePageTemplate(context.platform, tenant, input.templateId)
    if (!deleted.ok && deleted.error === 'not_found') throw notFound(TEMPLATE_MESSAGES.notFound)
    return redirectWithToast(editorPath(page.name, { step: '1' }), deleted.ok ? { type: 'success', message: deleted.value.message } : { type: 'error', message: deleted.message })
  }
  // Styles travel with HTML too (a template opened as HTML keeps its look); a design does not, as the HTML is now the source.
  const draft: PageDraft = { mode: input.mode, html: input.html, css: input.css, design: input.mode === 'html' ? '' : input.design, source: input.source }
  switch (input.intent) {
    case 'preview':
      return data<EditorActionData>({
        step: 3,
        draft,
        message: null,
        notice: null,
        templateNameError: null,
        preview: { html: sanitizePageHtml(draft.html), css: scopePageCss(draft.css, '.page-preview') },
      })
    case 'back':
      return data<EditorActionData>({ step: 2, draft, message: null, notice: null, templateNameError: null, preview: null })
    case 'save-template': {
      const saved = await savePageTemplate(context.platform, tenant, {
        name: input.templateName,
        pageType: pageTypeForPage(page.name),
        html: draft.html,
        css: draft.css,
        design: parseDesign(draft.design),
        now,
      })
      if (!saved.ok) return data<EditorActionData>({ step: 2, draft, message: null, notice: null, templateNameError: translateMessage(context.language, saved.message), preview: null }, { status: 400 })
      return data<EditorActionData>({ step: 2, draft, message: null, notice: translateMessage(context.language, saved.value.message), templateNameError: null, preview: null })
    }
    case 'save': {
      const saved = await saveBuilderPageContent(context.platform, tenant, page.name, { html: draft.html, css: draft.css, design: parseDesign(draft.design) }, now)
      if (saved.ok) return redirectWithToast(builderPagePath(page.name), { type: 'success', message: saved.value.message })
      if (saved.error === 'not_found') throw notFound('That page does not exist.')
      return data<EditorActionData>({ step: 2, draft, message: translateMessage(context.language, saved.message), notice: null, templateNameError: null, preview: null }, { status: 400 })
    }
  }
}
