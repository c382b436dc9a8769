import { describe, expect, it } from 'vitest'
import { shippedDescriptor } from '#screens/index'
import { allowsCustomFields, applyOverlay, withFieldOptions } from '#server/screens/apply-overlay'
import { parseDescriptor, type ScreenDescriptor } from '#server/screens/descriptor'
import { screenOverlaySchema } from '#server/screens/overlay'

const account = shippedDescriptor('account')!
const overlay = (input: unknown) => screenOverlaySchema.parse(input)

describe('applyOverlay', () => {
  it('relabels a field, changes its help and makes its messages follow the new label', () => {
    const { descriptor, problems } = applyOverlay(account, overlay({ fields: { name: { label: 'Studio Name', help: 'As on your sign.' } } }))
    expect(problems).toEqual([])
    expect(descriptor.schema.properties.name.title).toBe('Studio Name')
    expect((descriptor.uiSchema.name as Record<string, unknown>)['ui:help']).toBe('As on your sign.')
    expect(descriptor.messages.fields.name.required).toBe('Studio Name is required!')
    // The shipped descriptor is untouched.
    expect(account.schema.properties.name.title).toBe('Organization Name')
    expect(account.messages.fields.name.required).toBe('Organization Name is required!')
  })

  it('hides an optional field: gone from the schema and the order', () => {
    const { descriptor, hidden, problems } = applyOverlay(account, overlay({ fields: { aboutOrg: { hidden: true } } }))
    expect(problems).toEqual([])
    expect(hidden).toEqual(['aboutOrg'])
    expect(descriptor.schema.properties.aboutOrg).toBeUndefined()
    expect(descriptor.uiSchema['ui:order']).not.toContain('aboutOrg')
  })

  it('refuses to hide a required field, or one that switches a requirement, and says why', () => {
    const display = shippedDescriptor('display')!
    const result = applyOverlay(display, overlay({ fields: { registerButtonLabel: { hidden: true }, isWaiverFormToBeSigned: { hidden: true }, waiverFormLink: { hidden: true } } }))
    expect(result.hidden).toEqual([])
    expect(result.descriptor.schema.properties.registerButtonLabel).toBeDefined()
    expect(result.problems.map((problem) => problem.field).sort()).toEqual(['isWaiverFormToBeSigned', 'registerButtonLabel', 'waiverFormLink'])
  })

  it('reorders fields, keeps unlisted ones after them, and ignores names the screen does not have', () => {
    const { descriptor, problems } = applyOverlay(account, overlay({ order: ['zip', 'gone', 'name'] }))
    const order = descriptor.uiSchema['ui:order'] as string[]
    expect(order.slice(0, 3)).toEqual(['zip', 'name', 'accountOwner'])
    expect(order).toHaveLength(Object.keys(account.schema.properties).length)
    expect(problems).toEqual([{ field: 'gone', message: '"gone" is no longer on this screen; its position is ignored.' }])
  })

  it('ignores and reports changes to a field the screen no longer has', () => {
    const { descriptor, problems } = applyOverlay(account, overlay({ fields: { faxNumber: { label: 'Fax' } } }))
    expect(descriptor.schema.properties).toEqual(account.schema.properties)
    expect(problems).toEqual([{ field: 'faxNumber', message: '"faxNumber" is no longer on this screen; its changes are ignored.' }])
  })

  it('adds custom fields only where the screen allows them', () => {
    const custom = overlay({ customFields: [{ name: 'cf_belt', type: 'dropdown', label: 'Belt colour', required: true, options: ['White', 'Black'] }] })
    const refused = applyOverlay(account, custom)
    expect(refused.descriptor.schema.properties.cf_belt).toBeUndefined()
    expect(refused.problems).toHaveLength(1)

    const form: ScreenDescriptor = parseDescriptor({ ...account, key: 'regform', uiSchema: { ...account.uiSchema, 'ui:options': { customFields: true } } })
    expect(allowsCustomFields(form)).toBe(true)
    const { descriptor } = applyOverlay(form, custom)
    expect(descriptor.schema.properties.cf_belt).toEqual({ title: 'Belt colour', type: 'string', enum: ['White', 'Black'] })
    expect(descriptor.schema.required).toContain('cf_belt')
    expect(descriptor.messages.fields.cf_belt.required).toBe('Belt colour is required!')
    expect(descriptor.uiSchema['ui:order']).toContain('cf_belt')
  })

  it('withFieldOptions gives a field request-time choices without touching the cached descriptor', () => {
    const withOwners = withFieldOptions(account, 'accountOwner', [{ value: 'a1', label: 'Ann (ann@x.test)' }])
    expect(withOwners.schema.properties.accountOwner.enum).toEqual(['a1'])
    expect((withOwners.uiSchema.accountOwner as Record<string, unknown>)['ui:enumNames']).toEqual({ a1: 'Ann (ann@x.test)' })
    expect(account.schema.properties.accountOwner.enum).toBeUndefined()
  })
})
