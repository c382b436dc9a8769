import { checkTemplateForm, TEMPLATE_MESSAGES } from '#server/email-templates/email-template-form'
import { organisationTagValues, renderMergeTags, STANDARD_MERGE_TAGS, tagsUsed } from '#server/email-templates/merge-tags'
import { renderTemplate } from '#server/email-templates/render-template'
import { richTextToPlainText } from '#server/text/rich-text-html'

const KNOWN = new Set<string>([...STANDARD_MERGE_TAGS.map((entry) => entry.tag), 'name', 'belt'])

describe('merge tags', () => {
  it('lists the standard tags of the spec, label to tag', () => {
    expect(STANDARD_MERGE_TAGS.map((entry) => `${entry.label}: ${entry.tag}`)).toEqual([
      'First Name: firstname',
      'Last Name: lastname',
      'Attendee Email: email',
      'Attendee Phone: phone',
      'Product Name: productname',
      'Product Type: producttype',
      'Organization Name: orgname',
      'Organization Address: orgaddress',
      'Organization Phone: orgphone',
      'Organization Email: orgemail',
    ])
  })

  it('fills each tag, with spaces inside the braces allowed, and leaves nothing for a tag without a value', () => {
    expect(renderMergeTags('Hi {{firstname}} {{ lastname }}, {{unknown}}!', { firstname: 'Ann', lastname: 'Lee' }, 'text')).toBe('Hi Ann Lee, !')
    expect(tagsUsed('{{a}} {{ b }} {{a}} {{Not}} {{}}')).toEqual(['a', 'b'])
  })

  it('escapes values in an HTML body, so a contact cannot add markup to the email', () => {
    const html = renderMergeTags('<p>Hi {{firstname}}</p>', { firstname: '<img src=x onerror=alert(1)> & "co"' }, 'html')
    expect(html).toBe('<p>Hi &lt;img src=x onerror=alert(1)&gt; &amp; &quot;co&quot;</p>')
  })

  it('keeps a subject on one line whatever a value holds', () => {
    expect(renderMergeTags('Hello {{firstname}}', { firstname: 'Ann\r\nBcc: someone@example.com' }, 'text')).toBe('Hello Ann Bcc: someone@example.com')
  })

  it('does not read tags from the object prototype', () => {
    expect(renderMergeTags('{{constructor}}{{tostring}}', {}, 'text')).toBe('')
  })

  it('gives the organisation tags from the account settings', () => {
    const values = organisationTagValues({
      name: 'Lotus Yoga',
      settings: { address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' }, country: 'USA', phone: '555 0100', email: '', fromEmail: 'hello@lotus.test' },
    } as never)
    expect(values).toEqual({ orgname: 'Lotus Yoga', orgaddress: '1 Main St, Austin, TX 78701, USA', orgphone: '555 0100', orgemail: 'hello@lotus.test' })
  })

  it('renders a template: the subject as text, the body sanitised with its text part', () => {
    const rendered = renderTemplate({ subject: 'For {{firstname}}', bodyHtml: '<p>Dear {{firstname}},</p><p>See you at {{orgname}}.</p>' }, { firstname: 'Zoë', orgname: 'Lotus & Co' })
    expect(rendered.subject).toBe('For Zoë')
    expect(rendered.html).toBe('<p>Dear Zoë,</p><p>See you at Lotus &amp; Co.</p>')
    expect(rendered.text).toBe('Dear Zoë,\nSee you at Lotus & Co.')
  })

  it('turns rich text into plain text line by line', () => {
    expect(richTextToPlainText('<h1>Title</h1><p>One<br>Two</p><ul><li>a</li><li>b</li></ul>')).toBe('Title\nOne\nTwo\na\nb')
  })
})

describe('the template form', () => {
  const values = { name: 'Welcome', subject: 'Sample subject for {{name}}', body: '<p>Hello {{firstname}}, your {{belt}}</p>' }

  it('takes a name, a subject and a body with known tags, sanitising the body', () => {
    const checked = checkTemplateForm({ ...values, body: '<p onclick="x()">Hello {{firstname}}</p><script>alert(1)</script>' }, KNOWN)
    expect(checked).toEqual({ ok: true, value: { name: 'Welcome', subject: 'Sample subject for {{name}}', bodyHtml: '<p>Hello {{firstname}}</p>' } })
  })

  it('says what is missing, in the spec words', () => {
    const checked = checkTemplateForm({ name: '  ', subject: '', body: '<p><br></p>' }, KNOWN)
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(checked.details).toEqual({ name: TEMPLATE_MESSAGES.nameRequired, subject: TEMPLATE_MESSAGES.subjectRequired, body: TEMPLATE_MESSAGES.bodyRequired })
  })

  it('refuses tags the studio does not have, naming them', () => {
    const checked = checkTemplateForm({ ...values, subject: 'Hi {{frstname}}', body: '<p>{{a}} {{b}}</p>' }, KNOWN)
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(checked.details.subject).toBe('{{frstname}} is not a merge tag. Drag one of the tags above, or add a custom field with the + chip.')
    expect(checked.details.body).toContain('{{a}}, {{b}} are not merge tags.')
  })

  it('refuses lengths the database would not hold', () => {
    const checked = checkTemplateForm({ name: 'n'.repeat(101), subject: 's'.repeat(256), body: 'x'.repeat(100_001) }, KNOWN)
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(checked.details).toEqual({ name: TEMPLATE_MESSAGES.nameTooLong, subject: TEMPLATE_MESSAGES.subjectTooLong, body: TEMPLATE_MESSAGES.bodyTooLong })
  })
})
