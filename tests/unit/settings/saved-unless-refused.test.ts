import { err, ok } from '#server/errors/result'
import { savedUnlessRefused } from '#server/settings/screen-form'
import { SETTING_NOT_SAVED } from '#server/settings/update-tenant'
import { DOMAIN_TAKEN } from '#server/settings/custom-domain'
import type { ScreenDescriptor } from '#server/screens/descriptor'

const descriptor = { messages: { invalid: 'Invalid Form!' } } as unknown as ScreenDescriptor
const form = { intent: 'seosetting', descriptor, values: { seoKeywords: 'yoga' } }

describe('a settings screen after its write', () => {
  it('says saved only when the write took', () => {
    expect(savedUnlessRefused(ok(), 'Saved!', form)).toEqual({ ok: true, value: { toast: 'Saved!' } })
  })

  it('shows the form again, each field at fault named, when a value does not fit the stored settings', () => {
    const outcome = savedUnlessRefused(err('invalid_input', SETTING_NOT_SAVED, { fields: ['seoKeywords'] }), 'Saved!', form)
    expect(outcome).toEqual({
      ok: false,
      error: 'invalid_input',
      message: 'Invalid Form!',
      details: { intent: 'seosetting', formError: 'Invalid Form!', fieldErrors: { seoKeywords: [SETTING_NOT_SAVED] }, values: { seoKeywords: 'yoga' } },
    })
  })

  it('says the domain is taken when another organisation took it meanwhile', () => {
    const outcome = savedUnlessRefused(err('conflict', DOMAIN_TAKEN, { fields: ['customDomain'] }), 'Saved!', form)
    expect(outcome.ok ? null : outcome.details.fieldErrors).toEqual({ customDomain: [DOMAIN_TAKEN] })
  })
})
