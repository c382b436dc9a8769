import { checkWidgetForm, NEW_WIDGET_VALUES, type WidgetFormValues } from '#server/widgets/widget-form'
import { WIDGET_MESSAGES } from '#server/widgets/widget-messages'

const values = (changes: Partial<WidgetFormValues>): WidgetFormValues => ({ ...NEW_WIDGET_VALUES, name: 'Sidebar', ...changes })

describe('the widget form (settings spec, Widget edit)', () => {
  it.each([
    ['a missing name', { name: '  ' }, 'name', WIDGET_MESSAGES.nameRequired],
    ['a Link without a URL', { type: 'link', url: '' }, 'url', WIDGET_MESSAGES.urlRequired],
    ['a Link to a script', { type: 'link', url: 'javascript:alert(1)' }, 'url', WIDGET_MESSAGES.urlInvalid],
    ['a Link that is no address', { type: 'link', url: 'example com' }, 'url', WIDGET_MESSAGES.urlInvalid],
    ['an Announcement without text', { type: 'announcement', body: '<p><br></p>' }, 'body', WIDGET_MESSAGES.bodyRequired],
    ['an unknown type', { type: 'carousel' }, 'type', WIDGET_MESSAGES.typeRequired],
    ['no events to show', { type: 'event_list', count: '0' }, 'count', WIDGET_MESSAGES.countInvalid],
    ['too many events', { type: 'event_sidebar', count: '21' }, 'count', WIDGET_MESSAGES.countInvalid],
    ['a width that is not a size', { width: 'wide' }, 'width', WIDGET_MESSAGES.widthInvalid],
    ['a height out of range', { height: '5' }, 'height', WIDGET_MESSAGES.heightInvalid],
  ])('refuses %s', (_case, changes, field, message) => {
    const checked = checkWidgetForm(values(changes), null)
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(checked.details[field as keyof typeof checked.details]).toBe(message)
  })

  it('keeps only what the type uses, and the sizes as numbers (empty means none)', () => {
    const checked = checkWidgetForm(values({ type: 'link', url: ' https://example.com/join ', body: '<p>ignored</p>', count: 'x', width: '320px', height: '' }), null)
    expect(checked).toEqual({
      ok: true,
      value: { name: 'Sidebar', type: 'link', title: '', bodyHtml: '', linkUrl: 'https://example.com/join', eventCount: 5, width: 320, height: null },
    })
  })

  it('sanitises the announcement', () => {
    const checked = checkWidgetForm(values({ type: 'announcement', body: '<p onclick="x()">Open <script>alert(1)</script><strong>late</strong></p>' }), null)
    expect(checked.ok && checked.value.bodyHtml).toBe('<p>Open <strong>late</strong></p>')
  })

  it('keeps the stored type when editing, whatever was posted for it', () => {
    const checked = checkWidgetForm(values({ type: 'link', url: '' }), 'event_list')
    expect(checked.ok && checked.value.type).toBe('event_list')
  })
})
