import { renderToStaticMarkup } from 'react-dom/server'
import { Field, fieldErrorId, fieldHintId } from '#app/components/ui/field'
import { onlyTag, textOfId } from './render-in-router'

const emailField = (props: { errors?: string[]; hint?: string; required?: boolean }) =>
  renderToStaticMarkup(
    <Field id="contact-email" label="Email" {...props}>
      {(control) => <input type="email" name="email" {...control} />}
    </Field>,
  )

describe('a form field', () => {
  test('its label names the control', () => {
    const html = emailField({})
    expect(onlyTag(html, (tag) => tag.name === 'label').attributes.for).toBe('contact-email')
    expect(onlyTag(html, (tag) => tag.name === 'input').attributes.id).toBe('contact-email')
  })

  test('a valid field is neither invalid nor described by a message', () => {
    const input = onlyTag(emailField({}), (tag) => tag.name === 'input')
    expect(input.attributes).not.toHaveProperty('aria-invalid')
    expect(input.attributes).not.toHaveProperty('aria-describedby')
  })

  test('an error marks the control invalid and is read with it', () => {
    const html = emailField({ errors: ['Email is required!'] })
    const input = onlyTag(html, (tag) => tag.name === 'input')
    expect(input.attributes['aria-invalid']).toBe('true')
    expect(input.attributes['aria-describedby']).toBe(fieldErrorId('contact-email'))
    expect(textOfId(html, fieldErrorId('contact-email'))).toBe('Email is required!')
  })

  test('the hint and the error both describe the control, hint first', () => {
    const html = emailField({ errors: ['Please enter a valid email', 'Please enter a valid email'], hint: 'We send the receipt here.' })
    const input = onlyTag(html, (tag) => tag.name === 'input')
    expect(input.attributes['aria-describedby']).toBe(`${fieldHintId('contact-email')} ${fieldErrorId('contact-email')}`)
    expect(textOfId(html, fieldHintId('contact-email'))).toBe('We send the receipt here.')
    // The same message twice is said once.
    expect(textOfId(html, fieldErrorId('contact-email'))).toBe('Please enter a valid email')
  })

  test('a required field is required on the control; the asterisk is not read out', () => {
    const html = emailField({ required: true })
    expect(onlyTag(html, (tag) => tag.name === 'input').attributes).toHaveProperty('required')
    const mark = onlyTag(html, (tag) => tag.name === 'span')
    expect(mark.attributes['aria-hidden']).toBe('true')
    expect(html).toMatch(/Email<span[^>]*>\*<\/span><\/label>/)
  })

  test('ids agree with conform, whose inputs name their message `${id}-error`', () => {
    expect(fieldErrorId('create-contact-email')).toBe('create-contact-email-error')
    expect(fieldHintId('create-contact-email')).toBe('create-contact-email-description')
  })
})
