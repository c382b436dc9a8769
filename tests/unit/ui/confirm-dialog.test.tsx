import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { onlyTag, renderInRouter, tagsOf, textOfId } from './render-in-router'

describe('the confirmation dialog (website spec 2.11: title, HTML content, No and Yes)', () => {
  test('opened by the page, it shows HTML content and posts its intent and hidden fields where it is told', async () => {
    const html = await renderInRouter(
      <ConfirmDialog open onClose={() => {}} title="Delete contacts" intent="delete" action="/contacts/bulk" hiddenFields={[['id', 'a'], ['id', 'b']]} yesLabel="Yes, delete">
        <p>
          Delete <strong>the 2 contacts selected</strong>?
        </p>
      </ConfirmDialog>,
    )
    const dialog = onlyTag(html, (tag) => tag.name === 'dialog')
    expect(textOfId(html, dialog.attributes['aria-labelledby'] ?? '')).toBe('Delete contacts')
    expect(html).toContain('<strong>the 2 contacts selected</strong>')
    expect(onlyTag(html, (tag) => tag.name === 'form').attributes).toMatchObject({ method: 'post', action: '/contacts/bulk' })
    expect(tagsOf(html).filter((tag) => tag.name === 'input').map((tag) => [tag.attributes.name, tag.attributes.value])).toEqual([
      ['intent', 'delete'],
      ['id', 'a'],
      ['id', 'b'],
    ])
    // No is a button that closes (no address to go back to); Yes submits.
    expect(html).toMatch(/<button type="button"[^>]*>No<\/button>/)
    expect(html).toMatch(/<button type="submit"[^>]*>Yes, delete<\/button>/)
  })

  test('a download confirmation is a GET', async () => {
    const html = await renderInRouter(<ConfirmDialog closeTo="/contacts" title="Export contacts" message="Download?" intent="export" action="/contacts/export.csv" method="get" reloadDocument />)
    expect(onlyTag(html, (tag) => tag.name === 'form').attributes).toMatchObject({ method: 'get', action: '/contacts/export.csv' })
    expect(html).toContain('<p>Download?</p>')
  })
})
