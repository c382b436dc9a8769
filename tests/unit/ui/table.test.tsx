import { renderToStaticMarkup } from 'react-dom/server'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { onlyTag, tagsOf } from './render-in-router'

const people = [
  { id: 'a', name: 'Avery Admin', email: 'admin@demo.test' },
  { id: 'b', name: 'Sam Staff', email: 'staff@demo.test' },
]

function peopleTable(rows: typeof people, name: { caption: string; hideCaption?: boolean } | { label: string }) {
  return renderToStaticMarkup(
    <Table {...name}>
      <TableHead>
        <HeaderCell>Name</HeaderCell>
        <HeaderCell>Email</HeaderCell>
      </TableHead>
      <TableBody columnCount={2} empty="No Record Found">
        {rows.map((row) => (
          <Row key={row.id}>
            <HeaderCell scope="row">{row.name}</HeaderCell>
            <Cell>{row.email}</Cell>
          </Row>
        ))}
      </TableBody>
    </Table>,
  )
}

describe('a data table', () => {
  test('a caption names the table and the scrolling region around it', () => {
    const html = peopleTable(people, { caption: 'Staff' })
    expect(html).toMatch(/<table[^>]*><caption[^>]*>Staff<\/caption>/)
    const region = onlyTag(html, (tag) => tag.attributes.role === 'region')
    expect(region.attributes['aria-label']).toBe('Staff')
    // Focusable, so a keyboard can scroll it sideways on a phone.
    expect(region.attributes.tabindex).toBe('0')
    expect(region.attributes.class).toContain('overflow-x-auto')
    // Positioned, so that absolutely positioned screen-reader text in a cell cannot widen the page.
    expect(region.attributes.class).toMatch(/\brelative\b/)
  })

  test('a caption only for screen readers is still the caption', () => {
    const caption = onlyTag(peopleTable(people, { caption: 'Staff', hideCaption: true }), (tag) => tag.name === 'caption')
    expect(caption.attributes.class).toBe('sr-only')
  })

  test('without a caption the table is labelled', () => {
    const html = peopleTable(people, { label: 'Users' })
    expect(html).not.toContain('<caption')
    expect(onlyTag(html, (tag) => tag.name === 'table').attributes['aria-label']).toBe('Users')
    expect(onlyTag(html, (tag) => tag.attributes.role === 'region').attributes['aria-label']).toBe('Users')
  })

  test('column headers have scope col, row headers scope row', () => {
    const headers = tagsOf(peopleTable(people, { label: 'Users' })).filter((tag) => tag.name === 'th')
    expect(headers.map((tag) => tag.attributes.scope)).toEqual(['col', 'col', 'row', 'row'])
  })

  test('keeps its columns on a phone: scrolls sideways past its minimum width instead of squeezing', () => {
    const table = onlyTag(peopleTable(people, { label: 'Users' }), (tag) => tag.name === 'table')
    expect(table.attributes.style).toBe('min-width:600px')
  })

  test('with no rows, one row across every column says so', () => {
    const html = peopleTable([], { label: 'Users' })
    const cells = tagsOf(html).filter((tag) => tag.name === 'td')
    expect(cells).toHaveLength(1)
    expect(cells[0]?.attributes.colspan).toBe('2')
    expect(html).toMatch(/<td[^>]*><div[^>]*>No Record Found<\/div><\/td>/)
    // On a phone the message keeps to the screen's left while the wide table scrolls.
    expect(html).toContain('sticky left-4')
  })

  test('with rows, no empty row', () => {
    expect(peopleTable(people, { label: 'Users' })).not.toContain('No Record Found')
  })
})
