import { PageLinks, PageSizeForm } from '#app/components/ui/pagination'
import { onlyTag, renderInRouter, tagsOf } from './render-in-router'

const hrefOf = (page: number) => `/contacts?q=ana&page=${page}`

describe('page links', () => {
  test('the middle page links both ways, keeping the list parameters', async () => {
    const html = await renderInRouter(<PageLinks page={2} pageCount={3} hrefOf={hrefOf} />)
    expect(onlyTag(html, (tag) => tag.attributes['aria-label'] === 'Previous page').attributes.href).toBe('/contacts?q=ana&amp;page=1')
    expect(onlyTag(html, (tag) => tag.attributes['aria-label'] === 'Next page').attributes.href).toBe('/contacts?q=ana&amp;page=3')
  })

  test('at either end the link is named, disabled and has no address', async () => {
    const html = await renderInRouter(<PageLinks page={1} pageCount={1} hrefOf={hrefOf} />)
    for (const label of ['Previous page', 'Next page']) {
      const link = onlyTag(html, (tag) => tag.attributes['aria-label'] === label)
      expect(link.attributes['aria-disabled']).toBe('true')
      expect(link.attributes.href).toBeUndefined()
    }
  })
})

describe('the page size form', () => {
  test('is a GET form with a labelled select, the hidden list parameters and an Apply button before JavaScript', async () => {
    const html = await renderInRouter(
      <PageSizeForm id="people-size" sizes={[5, 50]} current={50} action="/contacts" hiddenFields={<input type="hidden" name="q" value="ana" />} />,
    )
    const form = onlyTag(html, (tag) => tag.name === 'form')
    expect(form.attributes.method).toBe('get')
    expect(form.attributes.action).toBe('/contacts')
    expect(onlyTag(html, (tag) => tag.name === 'label').attributes.for).toBe('people-size')
    expect(onlyTag(html, (tag) => tag.name === 'select').attributes.name).toBe('size')
    expect(onlyTag(html, (tag) => tag.name === 'input').attributes).toMatchObject({ type: 'hidden', name: 'q', value: 'ana' })
    expect(tagsOf(html).filter((tag) => tag.name === 'option').map((tag) => tag.attributes.value)).toEqual(['5', '50'])
    expect(html).toContain('>Apply</button>')
  })
})
