import { memberOf, nextCursor } from '#server/mailing-list/contact-member'
import { dataCentreOf, mailchimpBase } from '#server/mailing-list/mailchimp-client'
import { defaultMailingListName, mailingListErrors, maskedApiKey, needsResetConfirmation, parseMailingListForm } from '#server/mailing-list/mailing-list-form'
import { concernsMailingList } from '#server/mailing-list/push-contact'
import { canResync, SYNC_STATUS_WORDS, syncStatusWord } from '#server/mailing-list/sync-status'

const valid = { name: 'Mailchimp-042', listId: 'aud123', apiKey: 'abc-us6', fromName: 'Studio', fromEmail: 'hello@studio.test' }

describe('the mailing list form (settings spec, Mailing list validation)', () => {
  it.each([
    ['name', '', 'Audience Name required'],
    ['name', '   ', 'Audience Name required'],
    ['listId', '', 'Audience ID is required'],
    ['apiKey', '', 'API Key required'],
    ['fromName', '', 'From Name is required'],
    ['fromEmail', '', 'From Email is required'],
    ['fromEmail', 'not-an-email', 'From Email is not a valid email address'],
    ['apiKey', 'has a space-us6', 'API Key has no spaces: copy it exactly as Mailchimp shows it'],
    ['name', 'x'.repeat(101), 'Audience Name is at most 100 characters'],
  ] as const)('%s %j gives %j', (field, value, message) => {
    expect(mailingListErrors({ ...valid, [field]: value }, false)).toEqual({ [field]: message })
  })

  it('accepts a complete form, and a blank key once one is kept', () => {
    expect(mailingListErrors(valid, false)).toEqual({})
    expect(mailingListErrors({ ...valid, apiKey: '' }, true)).toEqual({})
  })

  it('parses trimmed values; a blank key keeps the sealed one; the key is never echoed', () => {
    const form = new FormData()
    for (const [name, value] of Object.entries({ ...valid, name: '  Studio list ', apiKey: '' })) form.set(name, value)
    const parsed = parseMailingListForm(form, true)
    expect(parsed).toEqual({ ok: true, value: { name: 'Studio list', listId: 'aud123', apiKey: null, fromName: 'Studio', fromEmail: 'hello@studio.test' } })
    form.set('fromName', '')
    form.set('apiKey', 'secret-key-us6')
    const refused = parseMailingListForm(form, true)
    expect(refused.ok).toBe(false)
    if (!refused.ok) {
      expect(refused.details.errors).toEqual({ fromName: 'From Name is required' })
      expect(refused.details.values.apiKey).toBe('')
    }
  })

  it("names a new list 'Mailchimp-' and three random digits", () => {
    expect(defaultMailingListName(() => 0)).toBe('Mailchimp-000')
    expect(defaultMailingListName(() => 0.042)).toBe('Mailchimp-042')
    expect(defaultMailingListName(() => 0.9999999)).toBe('Mailchimp-999')
    expect(defaultMailingListName()).toMatch(/^Mailchimp-\d{3}$/)
  })

  it('shows only the last four characters of the key', () => {
    expect(maskedApiKey('us6x')).toBe('••••••••us6x')
    expect(maskedApiKey('')).toBe('')
  })

  it.each([
    [null, 'aud123', false, false],
    [{ status: 'not_started', listId: 'aud123' }, 'other', true, false],
    [{ status: 'in_progress', listId: 'aud123' }, 'other', false, false],
    [{ status: 'complete', listId: 'aud123' }, 'aud123', false, false],
    [{ status: 'complete', listId: 'aud123' }, 'other', false, true],
    [{ status: 'complete', listId: 'aud123' }, 'aud123', true, true],
  ] as const)('after %j, audience %s with key changed %s asks to reset: %s', (saved, listId, keyChanged, asks) => {
    expect(needsResetConfirmation(saved, { listId, apiKey: null }, keyChanged)).toBe(asks)
  })
})

describe('the sync status words (settings spec, Mailing list sync status)', () => {
  it.each([
    ['not_started', 'Not Started'],
    ['in_progress', 'In progress'],
    ['complete', 'Complete'],
    ['failed', 'Failed'],
  ] as const)('%s reads %s', (status, word) => {
    expect(SYNC_STATUS_WORDS[status]).toBe(word)
    expect(syncStatusWord(status)).toBe(word)
  })

  it('reads an unknown or missing status as the default, Not Started', () => {
    expect(syncStatusWord(null)).toBe('Not Started')
    expect(syncStatusWord('bogus')).toBe('Not Started')
  })

  it('offers Resync except while one runs', () => {
    expect(canResync('complete')).toBe(true)
    expect(canResync('in_progress')).toBe(false)
  })
})

describe('members and batches', () => {
  const contact = { email: ' Ana@Studio.TEST ', first_name: 'Ana', last_name: 'Lima', subscribe_to_mailing_list: true, is_archived: false }

  it('sends a subscribed contact as subscribed, one who withdrew or was archived as unsubscribed', () => {
    expect(memberOf(contact)).toEqual({ email_address: 'ana@studio.test', status: 'subscribed', status_if_new: 'subscribed', merge_fields: { FNAME: 'Ana', LNAME: 'Lima' } })
    expect(memberOf({ ...contact, subscribe_to_mailing_list: false }).status).toBe('unsubscribed')
    expect(memberOf({ ...contact, is_archived: true }).status).toBe('unsubscribed')
  })

  it('moves the cursor to the last contact id of a batch, and keeps it for an empty one', () => {
    expect(nextCursor([{ id: 'a' }, { id: 'c' }], null)).toBe('c')
    expect(nextCursor([], 'c')).toBe('c')
    expect(nextCursor([], null)).toBeNull()
  })

  it('reads the data centre from the key, or the configured address', () => {
    expect(dataCentreOf('0123abcd-us6')).toBe('us6')
    expect(dataCentreOf('nodatacentre')).toBeNull()
    expect(mailchimpBase({ MAILCHIMP_API_URL: undefined }, 'abc-us21')).toBe('https://us21.api.mailchimp.com')
    expect(mailchimpBase({ MAILCHIMP_API_URL: 'http://127.0.0.1:9/' }, 'abc')).toBe('http://127.0.0.1:9')
    expect(mailchimpBase({ MAILCHIMP_API_URL: undefined }, 'abc')).toBeNull()
  })

  it.each([
    ['a new contact who agreed', null, { subscribe_to_mailing_list: true }, true],
    ['a new contact who did not agree', null, { subscribe_to_mailing_list: false }, false],
    ['an unsubscribe', { subscribe_to_mailing_list: true }, { subscribe_to_mailing_list: false }, true],
    ['a new email of a subscriber', {}, { email: 'new@studio.test' }, true],
    ['a new name of a subscriber', {}, { first_name: 'Anna' }, true],
    ['a new name of someone not subscribed', { subscribe_to_mailing_list: false }, { subscribe_to_mailing_list: false, first_name: 'Anna' }, false],
    ['nothing the list holds', {}, {}, false],
  ] as const)('%s is pushed: %s', (_what, before, after, pushed) => {
    const base = { email: 'ana@studio.test', first_name: 'Ana', last_name: 'Lima', subscribe_to_mailing_list: true }
    expect(concernsMailingList(before === null ? null : { ...base, ...before }, { ...base, ...after })).toBe(pushed)
  })
})
