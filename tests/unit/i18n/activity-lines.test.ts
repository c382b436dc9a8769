import { ACTIVITY_LINES, guardianLinkLines } from '#server/activities/activity-lines'
import { translateMessage } from '#server/i18n/translate-message'

describe("a contact's activity log entries in the reader's language", () => {
  it('reads each kind of entry in Turkish, keeping the names and addresses it was written with', () => {
    expect(translateMessage('tr', ACTIVITY_LINES.tagAdded('Twins Club'))).toBe('"Twins Club" etiketi eklendi')
    expect(translateMessage('tr', ACTIVITY_LINES.emailVerified('mei@example.test'))).toBe('mei@example.test e-posta adresi doğrulandı')
    expect(translateMessage('tr', ACTIVITY_LINES.noteAdded('Ada Admin'))).toBe('Notu ekleyen: Ada Admin')
    expect(translateMessage('tr', ACTIVITY_LINES.credentialsSent('kenji@example.test'))).toBe('Giriş bilgileri kenji@example.test adresine gönderildi')
    const mother = guardianLinkLines('mother', 'Pat Parent', 'Kim Kid')
    expect(mother).toEqual({ child: 'Pat Parent linked as mother', guardian: 'Linked as mother of Kim Kid' })
    expect(translateMessage('tr', mother.child)).toBe('Pat Parent anne olarak bağlandı')
    expect(translateMessage('tr', mother.guardian)).toBe('Kim Kid kişisinin annesi olarak bağlandı')
    expect(translateMessage('tr', guardianLinkLines('guardian', 'Gran Grand', 'Kai Kid').guardian)).toBe('Kai Kid kişisinin velisi olarak bağlandı')
  })

  it('keeps a name with full stops in it whole, and leaves English as it was', () => {
    expect(translateMessage('tr', ACTIVITY_LINES.formSubmitted('Intro. Session Waiver'))).toBe("'Intro. Session Waiver' formunu gönderdi.")
    expect(translateMessage('tr', ACTIVITY_LINES.emailSent('Welcome! See you Monday.'))).toBe('E-posta gönderildi: Welcome! See you Monday.')
    expect(translateMessage('en', ACTIVITY_LINES.tagAdded('Morning'))).toBe('Tag "Morning" added')
  })
})
