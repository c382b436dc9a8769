import { renderToStaticMarkup } from 'react-dom/server'
import { Button, ButtonLink, buttonClasses } from '#app/components/ui/button'
import { onlyTag, renderInRouter } from './render-in-router'

describe('a button', () => {
  test('submits a plain form with its own name and value', () => {
    const html = renderToStaticMarkup(
      <Button type="submit" name="intent" value="publish" variant="secondary">
        Publish
      </Button>,
    )
    const button = onlyTag(html, (tag) => tag.name === 'button')
    expect(button.attributes).toMatchObject({ type: 'submit', name: 'intent', value: 'publish' })
    expect(button.attributes).not.toHaveProperty('disabled')
    expect(html).toContain('>Publish</button>')
  })

  test('while busy it is disabled and announced busy, and keeps its name', () => {
    const html = renderToStaticMarkup(
      <Button type="submit" busy variant="primary">
        Submit
      </Button>,
    )
    const button = onlyTag(html, (tag) => tag.name === 'button')
    expect(button.attributes).toHaveProperty('disabled')
    expect(button.attributes['aria-busy']).toBe('true')
    // The spinner is decoration: the accessible name is still the text.
    const spinner = onlyTag(html, (tag) => tag.name === 'svg')
    expect(spinner.attributes['aria-hidden']).toBe('true')
    expect(html.replace(/<svg[\s\S]*?<\/svg>/, '')).toMatch(/<button[^>]*>Submit<\/button>/)
  })

  test('disabled without being busy says nothing about busy', () => {
    const button = onlyTag(renderToStaticMarkup(<Button type="button" disabled>Cancel</Button>), (tag) => tag.name === 'button')
    expect(button.attributes).toHaveProperty('disabled')
    expect(button.attributes).not.toHaveProperty('aria-busy')
  })

  test('primary uses the brand shades that pass 4.5:1 (decision 080); link text the readable brand shade', () => {
    expect(buttonClasses({ variant: 'primary' })).toMatch(/\bbg-brand\b.*\btext-on-brand\b/)
    expect(buttonClasses({ variant: 'primary' })).not.toContain('text-white')
    expect(buttonClasses({ variant: 'link' })).toContain('text-brand-text')
    expect(buttonClasses({ variant: 'danger' })).toContain('bg-red-600')
  })

  test('a button link is a link with the same look', async () => {
    const html = await renderInRouter(
      <ButtonLink to="/customforms/new" variant="primary">
        Add Form
      </ButtonLink>,
    )
    const link = onlyTag(html, (tag) => tag.name === 'a')
    expect(link.attributes.href).toBe('/customforms/new')
    expect(link.attributes.class).toBe(buttonClasses({ variant: 'primary' }))
  })
})
