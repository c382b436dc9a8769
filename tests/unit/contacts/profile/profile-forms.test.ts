import { parseProfileForm, PROFILE_MESSAGES } from '#server/contacts/profile/profile-forms'
import { parseProfileTab, parseTimelineShown, profilePath, TIMELINE_MAX, TIMELINE_PAGE } from '#server/contacts/profile/profile-tabs'
import { contactPictureUrl } from '#server/contacts/profile/contact-picture-url'

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) data.append(key, value)
  return parseProfileForm(data)
}
const GUID = '0f8fad5b-d9cb-469f-a165-70867728950e'

describe('the profile forms', () => {
  it('reads a note: trimmed, line ends made one, 1 to 5000 characters', () => {
    expect(form({ intent: 'add-note', body: '  a\r\nb  ' })).toMatchObject({ ok: true, value: { intent: 'add-note', body: 'a\nb' } })
    expect(form({ intent: 'add-note', body: 'x'.repeat(5000) }).ok).toBe(true)
    expect(form({ intent: 'add-note', body: 'x'.repeat(5001) })).toMatchObject({ ok: false, message: PROFILE_MESSAGES.noteTooLong })
    expect(form({ intent: 'add-note', body: ' ' })).toMatchObject({ ok: false, details: { intent: 'add-note', fieldErrors: { body: [PROFILE_MESSAGES.noteRequired] } } })
  })

  it('reads a tag name: spaces and control characters folded, 1 to 100 characters', () => {
    expect(form({ intent: 'add-tag', tagName: ' Summer \t  Camp\u0000 ' })).toMatchObject({ ok: true, value: { tagName: 'Summer Camp' } })
    expect(form({ intent: 'add-tag', tagName: 'x'.repeat(101) })).toMatchObject({ ok: false, message: PROFILE_MESSAGES.tagTooLong })
  })

  it('reads ids as lower-case uuids only, and names an unknown form as out of date', () => {
    expect(form({ intent: 'delete-note', noteId: GUID.toUpperCase() })).toMatchObject({ ok: true, value: { noteId: GUID } })
    expect(form({ intent: 'delete-note', noteId: "1' or 1=1" })).toMatchObject({ ok: false, message: PROFILE_MESSAGES.noteGone })
    expect(form({ intent: 'link-family', otherId: GUID, role: 'guardian', relation: 'father' }).ok).toBe(true)
    expect(form({ intent: 'link-family', otherId: GUID, role: 'cousin', relation: 'father' }).ok).toBe(false)
    expect(form({ intent: 'drop-table' })).toMatchObject({ ok: false, details: { intent: null, formErrors: [PROFILE_MESSAGES.unknownIntent] } })
  })
})

describe('the profile address', () => {
  it('opens the details for an unknown tab, and pages the timeline by whole pages within bounds', () => {
    expect(parseProfileTab('family')).toBe('family')
    expect(parseProfileTab('<script>')).toBe('details')
    expect(parseProfileTab(null)).toBe('details')
    expect(parseTimelineShown(null)).toBe(TIMELINE_PAGE)
    expect(parseTimelineShown('-5')).toBe(TIMELINE_PAGE)
    expect(parseTimelineShown(String(TIMELINE_PAGE + 1))).toBe(TIMELINE_PAGE * 2)
    expect(parseTimelineShown('999999')).toBe(TIMELINE_MAX)
    expect(profilePath(GUID)).toBe(`/contacts/${GUID}/detail`)
    expect(profilePath(GUID, 'notes', { editNote: 'x' })).toBe(`/contacts/${GUID}/detail?tab=notes&editNote=x`)
  })

  it("serves a picture only from the tenant's uploads", () => {
    expect(contactPictureUrl('AbCdEfGhIjKlMnOpQrStUvWx')).toBe('/uploads/AbCdEfGhIjKlMnOpQrStUvWx-profile.webp')
    expect(contactPictureUrl('AbCd-fGhIjKlMnOpQrSt_vWx', 'list')).toBe('/uploads/AbCd-fGhIjKlMnOpQrSt_vWx-list.webp')
    expect(contactPictureUrl('AbCdEfGhIjKlMnOpQrStUvWx.png')).toBeNull()
    expect(contactPictureUrl('/uploads/AbCdEfGhIjKlMnOpQrStUvWx')).toBeNull()
    expect(contactPictureUrl('https://evil.example/x.png')).toBeNull()
    expect(contactPictureUrl('../../etc/passwd')).toBeNull()
    expect(contactPictureUrl(null)).toBeNull()
  })
})
