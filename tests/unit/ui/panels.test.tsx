import { Inbox } from 'lucide-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Card } from '#app/components/ui/card'
import { EmptyState } from '#app/components/ui/empty-state'
import { Skeleton, SkeletonLines } from '#app/components/ui/skeleton'
import { onlyTag, tagsOf, textOfId } from './render-in-router'

describe('cards, empty states and skeletons', () => {
  test('a titled card is a region named by its title', () => {
    const html = renderToStaticMarkup(
      <Card title="Newest contacts" padding="flush">
        <ul />
      </Card>,
    )
    const section = onlyTag(html, (tag) => tag.name === 'section')
    expect(textOfId(html, section.attributes['aria-labelledby'] ?? '')).toBe('Newest contacts')
  })

  test('an untitled card is a plain panel, not a landmark', () => {
    const html = renderToStaticMarkup(<Card>42</Card>)
    expect(html).not.toContain('<section')
    expect(html).toMatch(/^<div class="[^"]*rounded-xl[^"]*">42<\/div>$/)
  })

  test('an empty state says what will be here under a heading, the icon hidden', () => {
    const html = renderToStaticMarkup(
      <EmptyState icon={Inbox} title="No forms yet.">
        Add your first registration form.
      </EmptyState>,
    )
    expect(html).toMatch(/<h2[^>]*>No forms yet\.<\/h2>/)
    expect(html).toContain('Add your first registration form.')
    expect(onlyTag(html, (tag) => tag.name === 'svg').attributes['aria-hidden']).toBe('true')
  })

  test('skeleton blocks are hidden from screen readers; the loading area is announced once by its label', () => {
    expect(onlyTag(renderToStaticMarkup(<Skeleton />), (tag) => tag.name === 'div').attributes['aria-hidden']).toBe('true')
    const html = renderToStaticMarkup(<SkeletonLines label="Loading contacts" lines={3} />)
    expect(onlyTag(html, (tag) => tag.attributes.role === 'status')).toBeDefined()
    expect(html).toContain('<span class="sr-only">Loading contacts</span>')
    expect(tagsOf(html).filter((tag) => 'data-skeleton' in tag.attributes)).toHaveLength(3)
  })
})
