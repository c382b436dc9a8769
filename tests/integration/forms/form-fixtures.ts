import { createHash } from 'node:crypto'
import { withTenant } from '#db/tenant-scope'
import { customFieldInputSchema } from '#server/custom-fields/custom-field-input'
import { saveCustomField } from '#server/custom-fields/save-custom-field'
import { customFormInputSchema } from '#server/forms/custom-form-input'
import { loadFormDefinition, type FormDefinition } from '#server/forms/form-definition'
import { customFieldKey } from '#server/forms/form-inputs'
import { saveCustomForm, setFormPublished } from '#server/forms/save-custom-form'
import { createAltchaChallenge } from '#server/security/altcha'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'

/** The seed's demo form: Name, Email, Phone, a dropdown, a checkbox, a text area, a required signature. */
export async function createTrialForm(platform: Platform, tenant: Tenant, overrides: { formType?: 'WAIVER' | 'STUDENT_REGISTRATION'; isSignRequired?: boolean } = {}): Promise<FormDefinition> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const fields = []
    for (const input of [
      { type: 'dropdown', name: 'Experience', options: ['Beginner', 'Intermediate', 'Advanced'] },
      { type: 'checkbox', name: 'I agree to the studio rules', tag: 'studiorules', isMandatory: true },
      { type: 'textarea', name: 'Injuries or health notes' },
    ]) {
      const saved = await saveCustomField(trx, tenant.id, customFieldInputSchema.parse(input), { existing: null, tagShown: false })
      if (!saved.ok) throw new Error(JSON.stringify(saved.details))
      fields.push(saved.value)
    }
    const form = await saveCustomForm(
      trx,
      tenant.id,
      customFormInputSchema.parse({
        name: 'Trial Class Registration',
        formType: overrides.formType ?? 'STUDENT_REGISTRATION',
        isName: true,
        isEmail: true,
        isPhone: true,
        isSignRequired: overrides.isSignRequired ?? true,
        beforeFormHtml: '<p>Welcome <script>alert(1)</script><strong>friend</strong></p>',
        fieldGuIds: fields.map((field) => field.guId),
      }),
      null,
    )
    if (!form.ok) throw new Error(JSON.stringify(form.details.fieldErrors))
    await setFormPublished(trx, form.value.id, true)
    const definition = await loadFormDefinition(trx, { id: form.value.id })
    if (!definition) throw new Error('form not found after save')
    return definition
  })
}

/** A complete, valid post for the trial form, typed signature included. */
export function validPost(form: FormDefinition, overrides: Record<string, string> = {}): Record<string, string> {
  const [experience, rules, notes] = form.fields
  return {
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '555-010-0100',
    [customFieldKey(experience.guId)]: 'Beginner',
    [customFieldKey(rules.guId)]: 'on',
    [customFieldKey(notes.guId)]: 'None',
    signTypedName: 'Ada Lovelace',
    signConsent: 'on',
    ...overrides,
  }
}

/** Solves an ALTCHA challenge the way the widget does, and encodes it as the widget's rToken. */
export async function solvedAltchaToken(platform: Pick<Platform, 'env'>): Promise<string> {
  const challenge = await createAltchaChallenge(platform.env)
  for (let number = 0; number <= (challenge.maxnumber ?? 1_000_000); number++) {
    if (createHash('sha256').update(`${challenge.salt}${number}`).digest('hex') === challenge.challenge) {
      const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number, salt: challenge.salt, signature: challenge.signature }
      return Buffer.from(JSON.stringify(payload)).toString('base64')
    }
  }
  throw new Error('challenge not solvable')
}
