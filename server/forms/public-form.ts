import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import { tenantMemo } from '#server/tenancy/tenant-memo'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import type { ScreenDescriptor } from '#server/screens/descriptor'
import { issueFormStamp } from './fill-time'
import { loadFormDefinition, type FormDefinition } from './form-definition'
import { formInputsFor } from './form-inputs'
import { phoneCountryFor } from './phone-mask'
import { publicFormDescriptor } from './public-form-descriptor'
import { readFormPost } from './read-form-post'
import { FORM_MESSAGES } from './form-messages'
import { descriptorIn } from './public-form-language'
import { formatSignDateIn } from './signature'
import type { Language } from '#server/i18n/languages'
import { translateMessage } from '#server/i18n/translate-message'
import { submitForm, type SubmitFormResult } from './submit-form'
import type { StudentProfile } from './validate-submission'

export type PublicFormKey = { guId: string } | { id: string }

/** The signed-in person, as far as a public form cares. */
export interface FormViewer {
  contactId: string
  role: string
  firstName: string
  lastName: string
  email: string
}

/** Everything the public form page draws, without anything secret. */
export interface PublicFormView {
  form: {
    guId: string
    name: string
    beforeFormHtml: string
    subHeaderHtml: string
    afterFormHtml: string
    isSignRequired: boolean
  }
  /** With its messages in the page's language (public-form-language.ts). */
  descriptor: ScreenDescriptor
  /** What the browser's own checks say beyond the descriptor's messages, in the page's language. */
  messages: { nameRequired: string; signatureRequired: string }
  values: Record<string, unknown>
  /** The signed time the form was shown (the no-JavaScript bot check). */
  stamp: string
  /** Today's sign date, in UTC, as the spec shows it (in English; in the page's language otherwise). */
  signDate: string
  isPreview: boolean
}

function isStudent(viewer: FormViewer | null): viewer is FormViewer {
  return viewer?.role === 'ROLE_STUDENT'
}

/**
 * A form as the public sees it: published forms only, by guid or id, within this tenant (so
 * another tenant's form is not found). Staff previews see unpublished forms too.
 */
export async function findPublicForm(
  platform: Pick<Platform, 'database' | 'tenants'>,
  tenant: Tenant,
  key: PublicFormKey,
  options: { includeUnpublished?: boolean } = {},
): Promise<FormDefinition | null> {
  const form = await definitionOf(platform, tenant, key)
  if (!form || (!form.isPublished && !options.includeUnpublished)) return null
  return form
}

/** Form definitions change only through staff posts, which drop the tenant and this with it. */
const DEFINITIONS_TTL_MS = 60_000
/** Lookups by random guids must not grow the memory without end. */
const MAX_DEFINITIONS_PER_TENANT = 200

function definitionOf(platform: Pick<Platform, 'database' | 'tenants'>, tenant: Tenant, key: PublicFormKey): Promise<FormDefinition | null> {
  const load = () => withTenant(platform.database, tenant.id, (trx) => loadFormDefinition(trx, key)).then((form) => form ?? null)
  const memo = tenantMemo<Map<string, Promise<FormDefinition | null>>>(platform.tenants, 'form-definitions', DEFINITIONS_TTL_MS)
  return memo.get(tenant.id, async () => new Map()).then((definitions) => {
    const name = 'guId' in key ? `guid:${key.guId}` : `id:${key.id}`
    let definition = definitions.get(name)
    if (!definition) {
      if (definitions.size >= MAX_DEFINITIONS_PER_TENANT) definitions.clear()
      definition = load()
      definitions.set(name, definition)
      definition.catch(() => definitions.delete(name))
    }
    return definition
  })
}

export function publicFormView(
  platform: Pick<Platform, 'env'>,
  tenant: Tenant,
  form: FormDefinition,
  options: { viewer: FormViewer | null; isPreview: boolean; language?: Language; now?: Date },
): PublicFormView {
  const language = options.language ?? 'en'
  const student = isStudent(options.viewer) ? options.viewer : null
  const descriptor = publicFormDescriptor(form, {
    country: phoneCountryFor(tenant.settings.country),
    multiCountry: tenant.settings.isMultiCountrySupport,
    isStudent: student !== null,
  })
  const values: Record<string, unknown> = {}
  if (student) {
    if (form.isName) values.fullName = [student.firstName, student.lastName].filter(Boolean).join(' ')
    if (form.isEmail) values.email = student.email
  }
  if (tenant.settings.isMultiCountrySupport && form.isPhone) values.phoneCountry = phoneCountryFor(tenant.settings.country).code
  for (const field of form.fields) if (field.type === 'header') values[`cf_${field.guId.replace(/-/g, '')}`] = field.name
  const now = options.now ?? new Date()
  return {
    form: {
      guId: form.guId,
      name: form.name,
      beforeFormHtml: form.beforeFormHtml,
      subHeaderHtml: form.subHeaderHtml,
      afterFormHtml: form.afterFormHtml,
      isSignRequired: form.isSignRequired,
    },
    descriptor: descriptorIn(language, descriptor),
    messages: {
      nameRequired: translateMessage(language, FORM_MESSAGES.nameRequired),
      signatureRequired: translateMessage(language, FORM_MESSAGES.signatureRequired),
    },
    values,
    stamp: issueFormStamp(platform.env, form.id, now.getTime()),
    signDate: formatSignDateIn(language, now),
    isPreview: options.isPreview,
  }
}

/** What the form page gets back from a refused post: the visitor's values and the words to show. */
export interface RefusedPost {
  formError: string
  fieldErrors: Record<string, string[]>
  values: Record<string, unknown>
  /** The signature as posted, so a drawn one need not be drawn again. */
  signature: { sign: string; signTypedName: string; signConsent: boolean }
  /** The bot check failed: the browser solves a new challenge. */
  resetBotCheck: boolean
  /** A fresh stamp, since the refused one may have been the problem. */
  stamp: string
}

/**
 * Stored (where the visitor goes next), or refused with the form's state to draw again in
 * `details`: payload_too_large for a post over the limit, invalid_input for anything else
 * (fields, signature, bot check), so the page answers 413 or 400.
 */
export type PublicPostOutcome = WordedResult<
  { submissionId: string; thanksPath: string; downloadPath: string },
  'invalid_input' | 'payload_too_large',
  RefusedPost
>

/** Turns the posted strings back into the form's values, typed as its descriptor expects. */
function echoValues(form: FormDefinition, descriptor: ScreenDescriptor, posted: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [key, schema] of Object.entries(descriptor.schema.properties)) {
    const raw = posted[key]
    if (schema.readOnly) values[key] = schema.title ?? ''
    else if (schema.type === 'boolean') values[key] = raw === 'true' || raw === 'on'
    else if (raw === undefined || raw === '') continue
    else if (schema.type === 'number') values[key] = Number.isFinite(Number(raw)) ? Number(raw) : raw
    else values[key] = raw.slice(0, 10_000)
  }
  void form
  return values
}

/**
 * A visitor's post to a public form: read within a size limit, checked, stored. The signed-in
 * student's profile fills in what the form leaves blank.
 */
export async function receivePublicForm(
  platform: Platform,
  tenant: Tenant,
  form: FormDefinition,
  request: Request,
  input: { viewer: FormViewer | null; ip: string; language?: Language },
): Promise<PublicPostOutcome> {
  const studentViewer = isStudent(input.viewer) ? input.viewer : null
  const descriptor = publicFormDescriptor(form, {
    country: phoneCountryFor(tenant.settings.country),
    multiCountry: tenant.settings.isMultiCountrySupport,
    isStudent: studentViewer !== null,
  })
  const freshStamp = issueFormStamp(platform.env, form.id)
  const read = await readFormPost(request)
  if (!read.ok) {
    return err(read.error, read.message, {
      formError: read.message,
      fieldErrors: {},
      values: {},
      signature: { sign: '', signTypedName: '', signConsent: false },
      resetBotCheck: true,
      stamp: freshStamp,
    })
  }
  const posted = read.value
  const student: (StudentProfile & { contactId: string }) | null = studentViewer
    ? { contactId: studentViewer.contactId, ...(await studentProfile(platform, tenant, studentViewer)) }
    : null
  const result: SubmitFormResult = await submitForm(platform, tenant, {
    form,
    posted,
    ip: input.ip,
    userAgent: request.headers.get('user-agent') ?? '',
    student,
    language: input.language,
  })
  if (result.ok) {
    const { submissionId, thanksPath, downloadPath } = result.value
    return ok({ submissionId, thanksPath, downloadPath })
  }
  const fieldErrors: Record<string, string[]> = {}
  if (!result.details.botCheckFailed) {
    const keys = new Set(formInputsFor(form, { country: phoneCountryFor(tenant.settings.country), multiCountry: tenant.settings.isMultiCountrySupport, isStudent: student !== null }).map((i) => i.key))
    for (const [key, message] of Object.entries(result.details.errors)) fieldErrors[keys.has(key) || key === 'sign' ? key : '_form'] = [message]
  }
  return err('invalid_input', result.message, {
      formError: result.message,
      fieldErrors,
      values: echoValues(form, descriptor, posted),
      signature: {
        sign: (posted.sign ?? '').slice(0, 400_000),
        signTypedName: (posted.signTypedName ?? '').slice(0, 255),
        signConsent: posted.signConsent === 'on' || posted.signConsent === 'true',
      },
      resetBotCheck: result.details.botCheckFailed,
      stamp: freshStamp,
  })
}

/** The student's own name, email and phone, read from their contact in this tenant. */
async function studentProfile(platform: Pick<Platform, 'database'>, tenant: Tenant, viewer: FormViewer): Promise<StudentProfile> {
  const contact = await withTenant(platform.database, tenant.id, (trx) =>
    trx.selectFrom('contacts').select(['first_name', 'last_name', 'email', 'phone']).where('id', '=', viewer.contactId).executeTakeFirst(),
  )
  return {
    firstName: contact?.first_name ?? viewer.firstName,
    lastName: contact?.last_name ?? viewer.lastName,
    email: contact?.email ?? viewer.email,
    phone: contact?.phone ?? '',
  }
}
