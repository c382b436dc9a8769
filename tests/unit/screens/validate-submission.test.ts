import { describe, expect, it } from 'vitest'
import { shippedDescriptor } from '#screens/index'
import { withFieldOptions } from '#server/screens/apply-overlay'
import { parseFormSubmission } from '#server/screens/parse-form-submission'
import { validateSubmission } from '#server/screens/validate-submission'

const account = withFieldOptions(shippedDescriptor('account')!, 'accountOwner', [{ value: 'owner-1', label: 'Owner' }])

function form(entries: Array<[string, string]>): FormData {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

const validAccount: Array<[string, string]> = [
  ['root[name]', '  Demo Studio '],
  ['root[accountOwner]', 'owner-1'],
  ['root[phone]', '555-010-0001'],
  ['root[timezone]', 'America/Chicago'],
  ['root[itemExpiresAfter]', '12'],
]

describe('validateSubmission', () => {
  it('reads a native post into the schema shape, trimmed, with numbers coerced', () => {
    const result = validateSubmission(account, form(validAccount))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value.checked).toEqual({ name: 'Demo Studio', accountOwner: 'owner-1', phone: '555-010-0001', timezone: 'America/Chicago', itemExpiresAfter: 12 })
  })

  it('drops control characters a person cannot type (Postgres refuses NUL), keeping tabs and line breaks', () => {
    const posted = parseFormSubmission(shippedDescriptor('seosetting')!.schema, form([['root[seoKeywords]', 'yoga\u0000, pilates\u0007'], ['root[seoDescription]', 'Line one\r\n\tLine two']]))
    expect(posted).toMatchObject({ seoKeywords: 'yoga, pilates', seoDescription: 'Line one\n\tLine two' })
  })

  it("refuses a blank required field with the spec's message and keeps what the user typed", () => {
    const result = validateSubmission(account, form([...validAccount.filter(([name]) => name !== 'root[name]'), ['root[name]', '   ']]))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.message).toBe('Invalid Form!')
    expect(result.details.fieldErrors).toEqual({ name: ['Organization Name is required!'] })
    expect(result.details.values.phone).toBe('555-010-0001')
  })

  it('words format, enum, type and range problems', () => {
    const result = validateSubmission(
      account,
      form([
        ['root[accountOwner]', 'someone-else'],
        ['root[fromEmail]', 'not-an-email'],
        ['root[customDomain]', 'no spaces.com'],
        ['root[timezone]', 'Mars/Olympus'],
        ['root[itemExpiresAfter]', 'twelve'],
        ['root[phone]', 'call me'],
      ]),
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.details.fieldErrors).toEqual({
      name: ['Organization Name is required!'],
      accountOwner: ['Account Owner is required!'],
      fromEmail: ['Enter a valid email address'],
      customDomain: ['Enter a valid domain name, like schedule.example.com'],
      timezone: ['TimeZone is required!'],
      itemExpiresAfter: ['Membership Expiry Period (months) must be a whole number'],
      phone: ['Enter a phone number (digits, spaces, dashes)'],
    })
  })

  it('requires the waiver link only while the waiver toggle is on', () => {
    const display = shippedDescriptor('display')!
    const on = validateSubmission(display, form([['root[registerButtonLabel]', 'Join'], ['root[isWaiverFormToBeSigned]', 'true']]))
    expect(on.ok ? null : on.details.fieldErrors).toEqual({ waiverFormLink: ['Waiver Form Link is required!'] })
    const off = validateSubmission(display, form([['root[registerButtonLabel]', 'Join']]))
    expect(off.ok).toBe(true)
    if (off.ok) expect(off.value.checked.isWaiverFormToBeSigned).toBe(false)
  })

  it('reads ticked lists, yes/no radios and clear[] boxes', () => {
    const paccount = shippedDescriptor('paccount')!
    const values = parseFormSubmission(paccount.schema, form([['root[supportedCurrencies][]', 'USD'], ['root[supportedCurrencies][]', 'EUR'], ['root[defaultCurrency]', 'EUR']]))
    expect(values.supportedCurrencies).toEqual(['USD', 'EUR'])
    const display = shippedDescriptor('display')!
    expect(parseFormSubmission(display.schema, form([['root[isMultiCountrySupport]', 'false']])).isMultiCountrySupport).toBe(false)
    expect(parseFormSubmission(display.schema, form([['root[isMultiCountrySupport]', 'true']])).isMultiCountrySupport).toBe(true)
    const website = shippedDescriptor('website')!
    expect(parseFormSubmission(website.schema, form([['root[headerColor]', '#112233'], ['clear[headerColor]', 'true']])).headerColor).toBe('')
  })

  it('enforces 255 characters on the invoice note, counted in characters', () => {
    const paccount = shippedDescriptor('paccount')!
    const ok = validateSubmission(paccount, form([['root[defaultCurrency]', 'USD'], ['root[invoiceNote]', '😀'.repeat(255)]]))
    expect(ok.ok).toBe(true)
    const long = validateSubmission(paccount, form([['root[defaultCurrency]', 'USD'], ['root[invoiceNote]', 'x'.repeat(256)]]))
    expect(long.ok ? null : long.details.fieldErrors.invoiceNote).toEqual(['Invoice note can be at most 255 characters'])
  })

  it('ignores names the schema does not have and files in text fields', () => {
    const data = form(validAccount)
    data.append('root[isMaster]', 'true')
    data.append('root[__proto__]', 'x')
    data.set('root[zip]', new File(['x'], 'x.txt'))
    const result = validateSubmission(account, data)
    expect(result.ok).toBe(true)
    if (result.ok) expect(Object.keys(result.value.checked).sort()).toEqual(['accountOwner', 'itemExpiresAfter', 'name', 'phone', 'timezone'])
  })
})
