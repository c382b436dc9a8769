import { describe, expect, it } from 'vitest'
import { shippedDescriptor } from '#screens/index'
import { conditionalFieldStyles } from '#app/components/schema-form/conditional-fields'
import { toErrorSchema } from '#app/components/schema-form/csp-validator'
import { followDependentChoices } from '#app/components/schema-form/dependent-choices'
import { offeredOptions } from '#app/components/schema-form/widgets/choice-widgets'

describe('followDependentChoices', () => {
  const account = shippedDescriptor('account')!
  it('picks the first time zone of a newly chosen country', () => {
    expect(followDependentChoices(account, { country: 'India', timezone: 'America/Chicago' }, { country: 'United States', timezone: 'America/Chicago' }).timezone).toBe('Asia/Kolkata')
    expect(followDependentChoices(account, { country: 'United States', timezone: 'Asia/Kolkata' }, { country: 'India', timezone: 'Asia/Kolkata' }).timezone).toBe('America/Los_Angeles')
  })

  it('leaves the time zone alone when the country did not change', () => {
    const values = { country: 'United States', timezone: 'America/Denver' }
    expect(followDependentChoices(account, values, values)).toBe(values)
  })
})

describe('conditionalFieldStyles', () => {
  it('hides the waiver link while the waiver toggle is off, in CSS', () => {
    expect(conditionalFieldStyles('other', shippedDescriptor('display')!)).toBe(
      '#other:not(:has(:is([name="root[isWaiverFormToBeSigned]"][value="true"]:checked, select[name="root[isWaiverFormToBeSigned]"] option[value="true"]:checked))) [data-field="waiverFormLink"] { display: none; }',
    )
    expect(conditionalFieldStyles('account', shippedDescriptor('account')!)).toBe('')
  })
})

describe('toErrorSchema', () => {
  it("turns the server's field errors into rjsf's shape", () => {
    expect(toErrorSchema({ name: ['A', 'B'], 'address.city': ['C'] })).toEqual({ name: { __errors: ['A', 'B'] }, address: { city: { __errors: ['C'] } } })
  })
})

describe('offeredOptions', () => {
  const registry = (values: Record<string, unknown>) => ({ formContext: { formId: 'f', values } }) as unknown as Parameters<typeof offeredOptions>[0]['registry']
  const currencies = ['USD', 'INR', 'EUR', 'GBP'].map((value) => ({ value, label: value }))

  it('offers USD, INR and the ticked currencies as the default currency, and keeps the current one', () => {
    const options = { enumOptions: currencies, filterBy: 'supportedCurrencies', alwaysOffer: ['USD', 'INR'] }
    const offered = offeredOptions({ options, value: 'GBP', registry: registry({ supportedCurrencies: ['EUR'] }) })
    expect(offered.map((option) => option.value)).toEqual(['USD', 'INR', 'EUR', 'GBP'])
    expect(offeredOptions({ options, value: 'USD', registry: registry({ supportedCurrencies: [] }) }).map((option) => option.value)).toEqual(['USD', 'INR'])
  })

  it('limits time zones to the chosen country', () => {
    const zones = ['America/Chicago', 'America/Denver', 'Asia/Kolkata'].map((value) => ({ value, label: value }))
    const options = { enumOptions: zones, filterBy: 'country', optionsByValue: { India: ['Asia/Kolkata'], 'United States': ['America/Chicago', 'America/Denver'] } }
    expect(offeredOptions({ options, value: 'Asia/Kolkata', registry: registry({ country: 'India' }) }).map((option) => option.value)).toEqual(['Asia/Kolkata'])
  })
})
