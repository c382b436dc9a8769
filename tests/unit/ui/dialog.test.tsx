import { Dialog } from '#app/components/ui/dialog'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { onlyTag, renderInRouter, tagsOf, textOfId } from './render-in-router'

describe('the dialog', () => {
  test('is labelled by its title', async () => {
    const html = await renderInRouter(
      <Dialog title="Add Text Field" closeTo="/settings/customfield">
        <p>Fields here</p>
      </Dialog>,
    )
    const dialog = onlyTag(html, (tag) => tag.name === 'dialog')
    const titleId = dialog.attributes['aria-labelledby'] ?? ''
    expect(titleId).not.toBe('')
    expect(onlyTag(html, (tag) => tag.attributes.id === titleId).name).toBe('h2')
    expect(textOfId(html, titleId)).toBe('Add Text Field')
  })

  test('as its own address it is drawn open by the server, closed by a link back (no JavaScript needed)', async () => {
    const html = await renderInRouter(
      <Dialog title="Add Text Field" closeTo="/settings/customfield">
        <p>Fields here</p>
      </Dialog>,
    )
    expect(onlyTag(html, (tag) => tag.name === 'dialog').attributes).toHaveProperty('open')
    const close = onlyTag(html, (tag) => tag.attributes['aria-label'] === 'Close')
    expect(close).toMatchObject({ name: 'a', attributes: { href: '/settings/customfield' } })
    expect(html).toContain('<p>Fields here</p>')
  })

  test('opened by the page, it is closed until opened and its content is not there yet', async () => {
    const closed = await renderInRouter(
      <Dialog title="Create Contact" open={false} onClose={() => {}}>
        <p>Form</p>
      </Dialog>,
    )
    expect(onlyTag(closed, (tag) => tag.name === 'dialog').attributes).not.toHaveProperty('open')
    expect(closed).not.toContain('<p>Form</p>')
    expect(onlyTag(closed, (tag) => tag.attributes['aria-label'] === 'Close')).toMatchObject({ name: 'button', attributes: { type: 'button' } })
  })

  test('a confirmation posts its intent with Yes and goes back with No', async () => {
    const html = await renderInRouter(
      <ConfirmDialog title="Delete Custom Field!" message="Are you sure you want to continue?" closeTo="/settings/customfield" intent="delete" />,
    )
    const dialog = onlyTag(html, (tag) => tag.name === 'dialog')
    expect(textOfId(html, dialog.attributes['aria-labelledby'] ?? '')).toBe('Delete Custom Field!')
    expect(onlyTag(html, (tag) => tag.name === 'form').attributes.method).toBe('post')
    expect(onlyTag(html, (tag) => tag.name === 'input').attributes).toMatchObject({ type: 'hidden', name: 'intent', value: 'delete' })
    expect(onlyTag(html, (tag) => tag.name === 'button')).toMatchObject({ attributes: { type: 'submit' } })
    expect(html).toMatch(/<button[^>]*>Yes<\/button>/)
    const links = tagsOf(html).filter((tag) => tag.name === 'a' && tag.attributes.href === '/settings/customfield')
    expect(links).toHaveLength(2)
    expect(html).toMatch(/<a[^>]*>No<\/a>/)
  })
})
