import { describe, expect, it } from 'vitest'
import { shippedDescriptor } from '#screens/index'
import { applyOverlay } from '#server/screens/apply-overlay'
import { missingFields, validateScreenPost } from '#server/screens/screen-post'

const form = (entries: Array<[string, string]>) => {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

const seo = shippedDescriptor('seosetting')!
const roles = shippedDescriptor('roles')!
const paccount = shippedDescriptor('paccount')!
const website = shippedDescriptor('website')!

describe('missingFields: what a post of a settings screen left out', () => {
  it.each([
    ['a text field', seo, [['root[seoKeywords]', 'yoga']], ['seoDescription']],
    ['every field of a body that is not the form', website, [['x', '1']], ['favIcon', 'logo', 'logoWidth', 'logoHeight', 'title', 'seoDescription', 'pageScript', 'headerColor', 'twitter', 'facebook', 'instagram', 'linkedin', 'footerInfo', 'googleReviewLink']],
    ['nothing for unticked switches (absent means off)', roles, [], []],
    ['nothing for a checkbox group with nothing ticked', paccount, [['root[defaultCurrency]', 'USD'], ['root[taxLabel1]', ''], ['root[taxValue1]', ''], ['root[cardFees]', ''], ['root[invoiceNote]', '']], []],
    ['nothing for a field emptied with its No colour / Remove box', website, [['clear[headerColor]', 'true']], ['favIcon', 'logo', 'logoWidth', 'logoHeight', 'title', 'seoDescription', 'pageScript', 'twitter', 'facebook', 'instagram', 'linkedin', 'footerInfo', 'googleReviewLink']],
  ] as const)('%s', (_label, descriptor, entries, missing) => {
    expect(missingFields(descriptor, form(entries.map(([n, v]) => [n, v])))).toEqual(missing)
  })

  it('does not ask for a field the tenant hid: the screen does not draw it', () => {
    const { descriptor } = applyOverlay(seo, { fields: { seoKeywords: { hidden: true } }, customFields: [] })
    expect(missingFields(descriptor, form([['root[seoDescription]', '']]))).toEqual([])
    expect(missingFields(descriptor, form([]))).toEqual(['seoDescription'])
  })
})

describe('validateScreenPost', () => {
  const whole: Array<[string, string]> = [['intent', 'seosetting'], ['root[seoKeywords]', 'yoga'], ['root[seoDescription]', 'Yoga in Austin']]

  it('accepts a whole post of the form it names', () => {
    expect(validateScreenPost(seo, form(whole), 'seosetting')).toMatchObject({ ok: true, value: { checked: { seoKeywords: 'yoga', seoDescription: 'Yoga in Austin' } } })
  })

  it.each([
    ['a field left out', whole.filter(([name]) => name !== 'root[seoDescription]')],
    ['no intent', whole.filter(([name]) => name !== 'intent')],
    ['another form’s intent', [['intent', 'website'], ...whole.slice(1)] as Array<[string, string]>],
  ])('refuses %s with the screen’s Invalid Form!', (_label, entries) => {
    expect(validateScreenPost(seo, form(entries), 'seosetting')).toMatchObject({ ok: false, error: 'invalid_input', message: 'Invalid Form!' })
  })

  it('refuses a switches-only screen posted without its intent: x=1 must not switch every role off', () => {
    expect(validateScreenPost(roles, form([['x', '1']]), 'roles').ok).toBe(false)
    expect(validateScreenPost(roles, form([['intent', 'roles']]), 'roles').ok).toBe(true)
  })
})
