import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { extractText } from 'unpdf'
import { asSystem, withTenant } from '#db/tenant-scope'
import { fileStoreFor } from '#server/files/file-store'
import { FORM_MESSAGES } from '#server/forms/form-messages'
import { submitForm, type StoredSubmission, type SubmitFormResult } from '#server/forms/submit-form'
import { issueFormStamp } from '#server/forms/fill-time'
import type { FormDefinition } from '#server/forms/form-definition'
import { generateSubmissionPdf, submissionPdfKey } from '#server/forms/generate-submission-pdf'
import { findSubmissionByToken, openSubmissionPdfByToken } from '#server/forms/submission-by-token'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createTrialForm, solvedAltchaToken, validPost } from './form-fixtures'

let platform: TestPlatform
let tenant: Tenant
let form: FormDefinition

async function counts(owner: Tenant) {
  return asSystem(platform.database, 'test counts', async (trx) => {
    const count = async (table: 'form_submissions' | 'contacts' | 'activities') =>
      Number((await trx.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', owner.id).executeTakeFirstOrThrow()).n)
    return { submissions: await count('form_submissions'), contacts: await count('contacts'), activities: await count('activities') }
  })
}

/** A stamp from long enough ago that the minimum fill time has passed. */
/** The stored submission, or the test fails with what refused it. */
function storedOf(result: SubmitFormResult): StoredSubmission {
  if (!result.ok) throw new Error(`not stored: ${JSON.stringify(result)}`)
  return result.value
}

function oldStamp(formId: string): string {
  return issueFormStamp(platform.env, formId, Date.now() - 60_000)
}

beforeAll(async () => {
  platform = await createTestPlatform()
  tenant = await createTenant(platform, { name: 'Demo Yoga Studio' })
  form = await createTrialForm(platform, tenant)
})
afterAll(() => platform.close())
beforeEach(() => platform.jobs.drain())

describe('submitForm', () => {
  it('stores the submission, creates the contact and writes an activity, then makes the PDF copy', async () => {
    const before = await counts(tenant)
    const result = storedOf(await submitForm(platform, tenant, {
      form,
      posted: { ...validPost(form), rToken: await solvedAltchaToken(platform) },
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (test)',
      student: null,
    }))
    expect(result.downloadPath).toBe(`/downloads/forms/${result.token}`)
    expect(await counts(tenant)).toEqual({ submissions: before.submissions + 1, contacts: before.contacts + 1, activities: before.activities + 1 })

    const stored = await withTenant(platform.database, tenant.id, (trx) =>
      trx.selectFrom('form_submissions').selectAll().where('id', '=', result.submissionId).executeTakeFirstOrThrow(),
    )
    expect(stored).toMatchObject({
      form_version: form.version,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '555-010-0100',
      sign_method: 'typed',
      signed_name: 'Ada Lovelace',
      signer_ip: '203.0.113.7',
      signer_user_agent: 'Mozilla/5.0 (test)',
      integrity_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect((stored.data as { values: { customField: unknown[] } }).values.customField).toEqual([
      expect.objectContaining({ guId: form.fields[0].guId, sequence: 1, type: 'dropdown', name: 'Experience', value: 'Beginner' }),
      expect.objectContaining({ guId: form.fields[1].guId, sequence: 2, type: 'checkbox', value: true }),
      expect.objectContaining({ guId: form.fields[2].guId, sequence: 3, type: 'textarea', value: 'None' }),
    ])
    const activity = await withTenant(platform.database, tenant.id, (trx) =>
      trx.selectFrom('activities').selectAll().where('contact_id', '=', stored.contact_id!).executeTakeFirstOrThrow(),
    )
    expect(activity.text).toBe("Submitted the form 'Trial Class Registration'.")

    await platform.jobs.drain()
    const receipt = await findSubmissionByToken(platform, tenant, result.token)
    expect(receipt?.pdfStatus).toBe('COMPLETE')
    const pdf = await openSubmissionPdfByToken(platform, tenant, result.token)
    expect(pdf?.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdf?.fileName).toMatch(/^Trial Class Registration \d{4}-\d{2}-\d{2}\.pdf$/)
  })

  it('updates an existing contact by email (any case) without overwriting their name', async () => {
    const existing = await createContact(platform, tenant, { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', role: null })
    const before = await counts(tenant)
    storedOf(await submitForm(platform, tenant, {
      form,
      posted: validPost(form, { fullName: 'Someone Else', email: 'GRACE@example.com', formStartedAt: oldStamp(form.id) }),
      ip: '203.0.113.8',
      userAgent: 'test',
      student: null,
    }))
    expect(await counts(tenant)).toEqual({ submissions: before.submissions + 1, contacts: before.contacts, activities: before.activities + 1 })
    const contact = await withTenant(platform.database, tenant.id, (trx) =>
      trx.selectFrom('contacts').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow(),
    )
    expect(contact).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', phone: '555-010-0100' })
  })

  it('keeps the custom field answers on the contact, typed, filling in only what a visitor\'s contact lacks', async () => {
    const [experience, rules, notes] = form.fields
    const existing = await createContact(platform, tenant, { email: 'kept@example.com', firstName: 'Kept', lastName: 'Answers', role: null })
    await withTenant(platform.database, tenant.id, (trx) =>
      trx.insertInto('contact_field_values').values({ tenant_id: tenant.id, contact_id: existing.id, field_id: experience.id, value_text: 'Advanced' }).execute(),
    )
    storedOf(await submitForm(platform, tenant, {
      form,
      posted: validPost(form, { email: 'kept@example.com', formStartedAt: oldStamp(form.id) }),
      ip: '203.0.113.9',
      userAgent: 'test',
      student: null,
    }))
    const kept = await withTenant(platform.database, tenant.id, (trx) =>
      trx.selectFrom('contact_field_values').select(['field_id', 'value_text', 'value_bool']).where('contact_id', '=', existing.id).orderBy('field_id').execute(),
    )
    expect(kept).toEqual(
      [
        { field_id: experience.id, value_text: 'Advanced', value_bool: null },
        { field_id: rules.id, value_text: null, value_bool: true },
        { field_id: notes.id, value_text: 'None', value_bool: null },
      ].sort((a, b) => a.field_id.localeCompare(b.field_id)),
    )

    // The contact themself, signed in, may change their own answer.
    storedOf(await submitForm(platform, tenant, {
      form,
      posted: validPost(form, { fullName: '', email: '', formStartedAt: oldStamp(form.id) }),
      ip: '203.0.113.10',
      userAgent: 'test',
      student: { contactId: existing.id, firstName: 'Kept', lastName: 'Answers', email: 'kept@example.com', phone: '' },
    }))
    const changed = await withTenant(platform.database, tenant.id, (trx) =>
      trx.selectFrom('contact_field_values').select('value_text').where('contact_id', '=', existing.id).where('field_id', '=', experience.id).executeTakeFirstOrThrow(),
    )
    expect(changed.value_text).toBe('Beginner')
  })

  it('marks the waiver as signed for a waiver form', async () => {
    const waiver = await createTrialForm(platform, tenant, { formType: 'WAIVER' })
    storedOf(await submitForm(platform, tenant, {
      form: waiver,
      posted: validPost(waiver, { email: 'waiver@example.com', formStartedAt: oldStamp(waiver.id) }),
      ip: '203.0.113.9',
      userAgent: 'test',
      student: null,
    }))
    const contact = await withTenant(platform.database, tenant.id, (trx) =>
      trx.selectFrom('contacts').select('has_signed_waiver_form').where(sql`lower(email)`, '=', 'waiver@example.com').executeTakeFirstOrThrow(),
    )
    expect(contact.has_signed_waiver_form).toBe(true)
  })

  it.each<{ name: string; change: Record<string, string>; error: Record<string, string> }>([
    { name: 'a missing signature', change: { signTypedName: '', signConsent: '' }, error: { sign: FORM_MESSAGES.signatureRequired } },
    { name: 'a typed name without consent', change: { signConsent: '' }, error: { sign: FORM_MESSAGES.signatureRequired } },
    { name: 'a one-word name', change: { fullName: 'Ada' }, error: { fullName: FORM_MESSAGES.nameRequired } },
    { name: 'a bad email', change: { email: 'ada@example' }, error: { email: FORM_MESSAGES.emailInvalid } },
  ])('writes nothing for $name', async ({ change, error }) => {
    const before = await counts(tenant)
    const result = await submitForm(platform, tenant, {
      form,
      posted: validPost(form, { ...change, formStartedAt: oldStamp(form.id) }),
      ip: '203.0.113.10',
      userAgent: 'test',
      student: null,
    })
    expect(result).toMatchObject({ ok: false, error: 'invalid_input', details: { errors: error, botCheckFailed: false } })
    expect(await counts(tenant)).toEqual(before)
  })

  it.each<{ name: string; extra: Record<string, string> }>([
    { name: 'a filled honeypot', extra: { website: 'http://spam.example' } },
    { name: 'a forged ALTCHA token', extra: { rToken: Buffer.from('{"algorithm":"SHA-256","challenge":"00","number":1,"salt":"x","signature":"00"}').toString('base64') } },
    { name: 'no stamp and no token', extra: { formStartedAt: '' } },
  ])('refuses $name and writes nothing', async ({ extra }) => {
    const before = await counts(tenant)
    const result = await submitForm(platform, tenant, {
      form,
      posted: { ...validPost(form, { formStartedAt: oldStamp(form.id) }), ...extra },
      ip: '203.0.113.11',
      userAgent: 'test',
      student: null,
    })
    expect(result).toEqual({ ok: false, error: 'forbidden', message: FORM_MESSAGES.botCheckFailed, details: { errors: {}, botCheckFailed: true } })
    expect(await counts(tenant)).toEqual(before)
  })

  it('refuses a post made faster than a person could fill the form in', async () => {
    const result = await submitForm(platform, tenant, {
      form,
      posted: validPost(form, { formStartedAt: issueFormStamp(platform.env, form.id) }),
      ip: '203.0.113.12',
      userAgent: 'test',
      student: null,
    })
    expect(result).toEqual({ ok: false, error: 'invalid_input', message: FORM_MESSAGES.tooFast, details: { errors: {}, botCheckFailed: true } })
  })

  it('uses each solved challenge once', async () => {
    const rToken = await solvedAltchaToken(platform)
    const post = { ...validPost(form, { email: 'once@example.com' }), rToken }
    const first = await submitForm(platform, tenant, { form, posted: post, ip: '203.0.113.13', userAgent: 'test', student: null })
    const replay = await submitForm(platform, tenant, { form, posted: post, ip: '203.0.113.13', userAgent: 'test', student: null })
    expect(first.ok).toBe(true)
    expect(replay).toEqual({ ok: false, error: 'forbidden', message: FORM_MESSAGES.botCheckFailed, details: { errors: {}, botCheckFailed: true } })
  })

  it('limits posts without JavaScript per address', async () => {
    const results = []
    for (let i = 0; i < 31; i++) {
      results.push(
        await submitForm(platform, tenant, {
          form,
          posted: validPost(form, { email: `flood${i}@example.com`, formStartedAt: oldStamp(form.id) }),
          ip: '198.51.100.1',
          userAgent: 'test',
          student: null,
        }),
      )
    }
    expect(results.slice(0, 30).every((result) => result.ok)).toBe(true)
    expect(results[30]).toEqual({ ok: false, error: 'rate_limited', message: FORM_MESSAGES.tooManySubmissions, details: { errors: {}, botCheckFailed: true } })
  })

  it('links a signed-in student’s submission to their own contact, filling in name and email', async () => {
    const student = await createContact(platform, tenant, { email: 'stella@example.com', firstName: 'Stella', lastName: 'Student' })
    const result = storedOf(await submitForm(platform, tenant, {
      form,
      posted: validPost(form, { fullName: '', email: '', formStartedAt: oldStamp(form.id) }),
      ip: '203.0.113.14',
      userAgent: 'test',
      student: { contactId: student.id, firstName: 'Stella', lastName: 'Student', email: 'stella@example.com', phone: '' },
    }))
    const stored = await withTenant(platform.database, tenant.id, (trx) =>
      trx.selectFrom('form_submissions').selectAll().where('id', '=', result.submissionId).executeTakeFirstOrThrow(),
    )
    expect(stored).toMatchObject({ contact_id: student.id, first_name: 'Stella', last_name: 'Student', email: 'stella@example.com' })
  })
})

describe('the PDF copy', () => {
  it('is made once: a second run finds the file and only records COMPLETE', async () => {
    const result = storedOf(await submitForm(platform, tenant, {
      form,
      posted: validPost(form, { email: 'pdf@example.com', formStartedAt: oldStamp(form.id) }),
      ip: '203.0.113.15',
      userAgent: 'test',
      student: null,
    }))
    await platform.jobs.drain()
    const store = fileStoreFor(platform)
    const first = await store.get(tenant.id, submissionPdfKey(result.submissionId))
    expect(first).not.toBeNull()
    await withTenant(platform.database, tenant.id, (trx) =>
      trx.updateTable('form_submissions').set({ pdf_status: 'IN_PROGRESS' }).where('id', '=', result.submissionId).execute(),
    )
    await generateSubmissionPdf(platform, { submissionId: result.submissionId, tenantId: tenant.id }, { attempt: 2, maxAttempts: 5, isLastAttempt: false })
    expect(await store.get(tenant.id, submissionPdfKey(result.submissionId))).toEqual(first)
    expect((await findSubmissionByToken(platform, tenant, result.token))?.pdfStatus).toBe('COMPLETE')
  })

  it('is in the language of the contact who sent it, else the studio’s', async () => {
    const turkish = await createContact(platform, tenant, { email: 'isil@example.com', firstName: 'Işıl', lastName: 'Şahin', role: null })
    await withTenant(platform.database, tenant.id, (trx) => trx.updateTable('contacts').set({ language: 'tr' }).where('id', '=', turkish.id).execute())
    const copyText = async (email: string, ip: string) => {
      const result = storedOf(await submitForm(platform, tenant, {
        form,
        posted: validPost(form, { fullName: 'Işıl Şahin', email, formStartedAt: oldStamp(form.id) }),
        ip,
        userAgent: 'test',
        student: null,
      }))
      await platform.jobs.drain()
      const pdf = await openSubmissionPdfByToken(platform, tenant, result.token)
      return (await extractText(new Uint8Array(pdf?.bytes ?? []), { mergePages: true })).text
    }
    const inTurkish = await copyText('isil@example.com', '203.0.113.17')
    for (const expected of ['Gönderilme tarihi:', 'Ad Soyad', 'Işıl Şahin', 'İmza', 'Bütünlük kaydı', 'Form sürümü:']) expect(inTurkish, expected).toContain(expected)
    const inEnglish = await copyText('someone.new@example.com', '203.0.113.18')
    for (const expected of ['Submitted', 'Name', 'Işıl Şahin', 'Signature', 'Integrity record']) expect(inEnglish, expected).toContain(expected)
  })

  it('is refused for another tenant', async () => {
    const other = await createTenant(platform)
    const result = storedOf(await submitForm(platform, tenant, {
      form,
      posted: validPost(form, { email: 'scoped@example.com', formStartedAt: oldStamp(form.id) }),
      ip: '203.0.113.16',
      userAgent: 'test',
      student: null,
    }))
    await platform.jobs.drain()
    expect(await findSubmissionByToken(platform, other, result.token)).toBeNull()
    expect(await openSubmissionPdfByToken(platform, other, result.token)).toBeNull()
    await expect(
      generateSubmissionPdf(platform, { submissionId: result.submissionId, tenantId: other.id }, { attempt: 1, maxAttempts: 5, isLastAttempt: false }),
    ).rejects.toThrow(/not found/)
  })
})
