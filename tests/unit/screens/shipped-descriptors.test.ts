import { describe, expect, it } from 'vitest'
import { shippedDescriptors } from '#screens/index'
import { fieldOrderOf, requiredFieldsOf } from '#server/screens/descriptor'
import { WIDGET_NAMES } from '#app/components/schema-form/widgets'

const all = [...shippedDescriptors().values()]

describe('shipped screen descriptors', () => {
  it('are all valid against the descriptor schema', () => {
    expect(all.map((descriptor) => descriptor.key).sort()).toEqual(
      ['account', 'display', 'display-modules', 'paccount', 'roles', 'seosetting', 'studentapp', 'website'].sort(),
    )
  })

  it.each(all.map((descriptor) => [descriptor.key, descriptor] as const))('%s names only registered widgets and its own fields', (_key, descriptor) => {
    const fields = Object.keys(descriptor.schema.properties)
    for (const [name, ui] of Object.entries(descriptor.uiSchema)) {
      if (name.startsWith('ui:')) continue
      expect(fields, `uiSchema entry ${name}`).toContain(name)
      const widget = (ui as Record<string, unknown>)['ui:widget']
      if (widget !== undefined) expect(WIDGET_NAMES, `${name} widget`).toContain(widget)
    }
    for (const name of Object.keys(descriptor.messages.fields)) expect(fields, `message of ${name}`).toContain(name)
    expect(fieldOrderOf(descriptor).sort()).toEqual([...fields].sort())
    expect(descriptor.messages.invalid).toBe('Invalid Form!')
  })

  // Settings spec section 5: the exact messages.
  it.each([
    ['account', 'name', 'required', 'Organization Name is required!'],
    ['account', 'accountOwner', 'required', 'Account Owner is required!'],
    ['account', 'fromEmailName', 'required', 'Email Name is required!'],
    ['account', 'fromEmail', 'required', 'Email Address is required!'],
    ['account', 'timezone', 'required', 'TimeZone is required!'],
    ['account', 'itemExpiresAfter', 'required', 'Membership Expiry Period is required!'],
    ['account', 'customDomain', 'required', 'Custom Domain is required!'],
    ['account', 'aboutOrg', 'required', 'Organization description is required!'],
    ['display', 'waiverFormLink', 'required', 'Waiver Form Link is required!'],
    ['display', 'registerButtonLabel', 'required', 'Register Button Label is required!'],
    ['studentapp', 'appLabel1', 'required', 'Course Menu Label is required!'],
    ['studentapp', 'appLabel2', 'required', 'Schedule Menu Label is required!'],
    ['studentapp', 'appLabel3', 'required', 'Myfiles Menu Label is required!'],
    ['studentapp', 'appLabel4', 'required', 'Other is required!'],
    ['studentapp', 'appPrimaryColor', 'required', 'Primary Color is required!'],
  ] as const)('%s.%s %s says %j', (key, field, keyword, message) => {
    expect(shippedDescriptors().get(key)?.messages.fields[field]?.[keyword]).toBe(message)
  })

  it('requires what the spec requires', () => {
    const required = (key: string) => [...requiredFieldsOf(shippedDescriptors().get(key)!.schema)].sort()
    expect(required('account')).toEqual(['accountOwner', 'name', 'phone', 'timezone'])
    expect(required('display')).toEqual(['registerButtonLabel', 'waiverFormLink'])
    expect(required('studentapp')).toEqual(['appLabel1', 'appLabel2', 'appLabel3', 'appLabel4', 'appPrimaryColor'])
    expect(required('paccount')).toEqual(['defaultCurrency'])
  })

  it('limits SEO keywords, SEO description and the invoice note to 255 characters', () => {
    const get = (key: string, field: string) => shippedDescriptors().get(key)!.schema.properties[field]
    expect(get('seosetting', 'seoKeywords').maxLength).toBe(255)
    expect(get('seosetting', 'seoDescription').maxLength).toBe(255)
    expect(get('paccount', 'invoiceNote').maxLength).toBe(255)
  })
})
