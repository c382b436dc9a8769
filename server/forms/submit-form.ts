import type { Language } from '#server/i18n/languages'
import { ACTIVITY_LINES } from '#server/activities/activity-lines'
import { visitorLanguage } from '#server/i18n/recipient-language'
import { randomBytes, randomUUID } from 'node:crypto'
import { contactLimitMessage } from '#server/plans/plan-limits'
import type { TenantExecutor } from '#db/tenant-scope'
import { formSubmissionPdfJob, formSubmissionPdfJobId } from '#jobs/form-submission-pdf'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { ACTIVITY_TYPES, recordActivity } from '#server/activities/record-activity'
import { checkBot } from './bot-check'
import { canonicalSignature, integrityHashOf, type CanonicalSubmission } from './canonical-submission'
import type { FormDefinition } from './form-definition'
import { FORM_MESSAGES } from './form-messages'
import { phoneCountryFor } from './phone-mask'
import { readSignature, sha256Hex } from './signature'
import { keepAnswersOnContact } from './keep-answers-on-contact'
import { touchStudentContact, upsertFormContact } from './upsert-form-contact'
import { validateSubmission, type StudentProfile, type SubmissionValues } from './validate-submission'
import { writeContactBook } from '#server/contacts/write-contact-book'

export interface SubmitFormInput {
  form: FormDefinition
  posted: Readonly<Record<string, string>>
  ip: string
  userAgent: string
  /** The signed-in student submitting, if any. */
  student: (StudentProfile & { contactId: string }) | null
  now?: Date
  /** The form page's language: kept on a new contact when it is not the studio's default. */
  language?: Language
}

export interface StoredSubmission {
  submissionId: string
  token: string
  thanksPath: string
  downloadPath: string
}

/** What a refused submission brings besides its words. */
export interface SubmissionRefusal {
  /** One message per field key ('sign' for the signature). */
  errors: Record<string, string>
  /** The bot check refused it: the browser solves a new challenge. */
  botCheckFailed: boolean
}

/**
 * Stored, or refused with the words to show: invalid_input for the fields (or a post sent too
 * soon), forbidden or rate_limited from the bot check.
 */
export type SubmitFormResult = WordedResult<StoredSubmission, 'invalid_input' | 'forbidden' | 'rate_limited', SubmissionRefusal>

const USER_AGENT_MAX = 500

export function thanksPathFor(form: Pick<FormDefinition, 'guId'>, token: string): string {
  return `/pforms/${form.guId}/submitted/${token}`
}

export function downloadPathFor(token: string): string {
  return `/downloads/forms/${token}`
}

/**
 * A visitor's submission of a public form: bot check, validation (spec 002 section 5), then,
 * in one transaction, the submission with its signature record, the contact (created or
 * updated by email) and an activity entry; after commit, the PDF copy is queued. Anything
 * invalid writes nothing.
 */
export async function submitForm(platform: Platform, tenant: Tenant, input: SubmitFormInput): Promise<SubmitFormResult> {
  const { form, posted } = input
  const signature = readSignature(posted, form.isSignRequired)
  const validation = validateSubmission(form, posted, {
    country: phoneCountryFor(tenant.settings.country),
    multiCountry: tenant.settings.isMultiCountrySupport,
    student: input.student,
    today: input.now,
  })
  if (!validation.ok || !signature.ok) {
    const errors = validation.ok ? {} : { ...validation.details.errors }
    if (!signature.ok) errors.sign = signature.message
    const formError = validation.ok ? FORM_MESSAGES.invalidForm : validation.message
    return err('invalid_input', formError, { errors, botCheckFailed: false })
  }

  // Checked after validation so that a visitor correcting a typo keeps an unused challenge.
  const bot = await checkBot(platform, { tenantId: tenant.id, formId: form.id, ip: input.ip, posted })
  if (!bot.ok) return err(bot.error, bot.message, { errors: {}, botCheckFailed: true })

  const now = input.now ?? new Date()
  const submissionId = randomUUID()
  const token = randomBytes(32).toString('base64url')
  const signed = signature.value
  const signerUserAgent = input.userAgent.slice(0, USER_AGENT_MAX)
  const canonical: CanonicalSubmission = {
    submissionId,
    formId: form.id,
    formGuId: form.guId,
    formName: form.name,
    formVersion: form.version,
    submittedAt: now.toISOString(),
    values: validation.value,
    signature: canonicalSignature(signed),
    signedAt: signed ? now.toISOString() : null,
    signerIp: signed ? input.ip : null,
    signerUserAgent: signed ? signerUserAgent : null,
    agreedTexts: { beforeFormHtml: form.beforeFormHtml, subHeaderHtml: form.subHeaderHtml, afterFormHtml: form.afterFormHtml },
  }
  const integrityHash = integrityHashOf(canonical)
  const values: SubmissionValues = validation.value
  const signedWaiver = form.formType === 'WAIVER'

  try {
    await writeContactBook(platform, tenant.id, writeSubmission)
  } catch (error) {
    // A new contact past the studio's plan limit: nothing of the submission is kept.
    const limit = contactLimitMessage(error)
    if (limit) return err('forbidden', limit, { errors: {}, botCheckFailed: false })
    throw error
  }

  await queueSubmissionPdf(platform, tenant.id, submissionId)
  return ok({ submissionId, token, thanksPath: thanksPathFor(form, token), downloadPath: downloadPathFor(token) })

  async function writeSubmission(trx: TenantExecutor): Promise<void> {
    const contactId =
      (input.student ? await touchStudentContact(trx, input.student.contactId, { phone: values.phone, signedWaiver }) : null) ??
      (await upsertFormContact(trx, tenant.id, {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        signedWaiver,
        language: visitorLanguage(input.language, tenant),
      }))
    await keepAnswersOnContact(trx, { tenantId: tenant.id, contactId, isOwnContact: input.student?.contactId === contactId }, form.fields, values)
    await trx
      .insertInto('form_submissions')
      .values({
        id: submissionId,
        tenant_id: tenant.id,
        form_id: form.id,
        form_version: form.version,
        form_name: form.name,
        contact_id: contactId,
        first_name: values.firstName,
        last_name: values.lastName,
        email: values.email || null,
        phone: values.phone || null,
        data: JSON.stringify(canonical),
        sign_method: signed?.method ?? null,
        signature_png: signed?.method === 'drawn' ? signed.pngBase64 : null,
        signed_name: signed?.method === 'typed' ? signed.signedName : null,
        signed_at: signed ? now : null,
        signer_ip: signed ? input.ip : null,
        signer_user_agent: signed ? signerUserAgent : null,
        integrity_hash: integrityHash,
        download_token_hash: sha256Hex(token),
        created_at: now,
        updated_at: now,
      })
      .execute()
    await recordActivity(trx, {
      tenantId: tenant.id,
      contactId,
      type: ACTIVITY_TYPES.formSubmitted,
      text: ACTIVITY_LINES.formSubmitted(form.name),
      details: { formId: form.id, formGuId: form.guId, submissionId },
    })
  }
}

/**
 * Queues the PDF copy. A queue outage must not lose a stored submission: the thank-you page
 * queues it again while the copy is still in progress.
 */
export async function queueSubmissionPdf(platform: Platform, tenantId: string, submissionId: string): Promise<void> {
  try {
    await platform.jobs.enqueue(formSubmissionPdfJob, { submissionId, tenantId }, { jobId: formSubmissionPdfJobId(submissionId) })
  } catch (error) {
    platform.logger.warn({ err: error, submissionId }, 'could not queue the PDF copy of a form submission')
  }
}
