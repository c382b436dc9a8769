import { describe, expect, it } from 'vitest'
import { COURSE_CONTENT_MESSAGES, parseChapterForm, safeFileName } from '#server/catalog/courses/chapter-input'
import { courseJsonLd } from '#server/catalog/courses/course-json-ld'
import { isReorderOf, moveOnePlace } from '#server/catalog/courses/course-order'
import { schemaOrgPrice } from '#server/catalog/courses/course-price'
import { moneyText } from '#server/catalog/public/price-text'
import { registerChoiceFor } from '#server/catalog/courses/register-choice'

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe('moving a section or chapter one place', () => {
  it.each([
    [['a', 'b', 'c'], 'b', 'up', ['b', 'a', 'c']],
    [['a', 'b', 'c'], 'b', 'down', ['a', 'c', 'b']],
    [['a', 'b', 'c'], 'a', 'up', ['a', 'b', 'c']],
    [['a', 'b', 'c'], 'c', 'down', ['a', 'b', 'c']],
    [['a', 'b', 'c'], 'x', 'up', ['a', 'b', 'c']],
  ] as const)('%j moving %s %s gives %j', (ids, id, direction, expected) => {
    expect(moveOnePlace(ids, id, direction)).toEqual(expected)
  })

  it.each([
    [['a', 'b'], ['b', 'a'], true],
    [['a', 'b'], ['a'], false],
    [['a', 'b'], ['a', 'a'], false],
    [['a', 'b'], ['a', 'c'], false],
    [[], [], true],
  ] as const)('a dragged order of %j as %j is accepted: %s', (current, wanted, expected) => {
    expect(isReorderOf(current, wanted)).toBe(expected)
  })
})

describe('a chapter form', () => {
  it('converts a video link by the spec rule and keeps the link as typed', () => {
    const parsed = parseChapterForm(form({ title: ' Rest ', contentType: 'video', videoUrl: 'https://vimeo.com/76979871' }), { hasStoredFile: false, fileTooLarge: false })
    expect(parsed).toEqual({ ok: true, value: { title: 'Rest', isDemo: false, contentType: 'video', bodyHtml: '', videoUrl: 'https://vimeo.com/76979871', videoEmbedUrl: 'https://player.vimeo.com/video/76979871' } })
  })

  it('sanitises the text and reads the demo checkbox', () => {
    const parsed = parseChapterForm(form({ title: 'T', contentType: 'text', bodyHtml: '<p onclick="x()">Hi<iframe src="https://evil.test"></iframe></p>', isDemo: 'on' }), { hasStoredFile: false, fileTooLarge: false })
    expect(parsed).toEqual({ ok: true, value: { title: 'T', isDemo: true, contentType: 'text', bodyHtml: '<p>Hi</p>' } })
  })

  it.each([
    [{ title: '', contentType: 'text', bodyHtml: '<p>x</p>' }, { title: COURSE_CONTENT_MESSAGES.chapterTitleRequired }],
    [{ title: 'T', contentType: 'video', videoUrl: 'https://example.test/v/1' }, { videoUrl: COURSE_CONTENT_MESSAGES.videoInvalid }],
    [{ title: 'T', contentType: 'file' }, { file: COURSE_CONTENT_MESSAGES.fileRequired }],
    [{ title: 'T', contentType: 'text', bodyHtml: '<script>x</script>' }, { bodyHtml: COURSE_CONTENT_MESSAGES.textRequired }],
  ])('refuses %j with %j', (fields, errors) => {
    const parsed = parseChapterForm(form(fields), { hasStoredFile: false, fileTooLarge: false })
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.details.fieldErrors).toEqual(errors)
  })

  it('keeps a stored file when none is chosen, and refuses an oversized one', () => {
    expect(parseChapterForm(form({ title: 'T', contentType: 'file' }), { hasStoredFile: true, fileTooLarge: false }).ok).toBe(true)
    const big = parseChapterForm(form({ title: 'T', contentType: 'file' }), { hasStoredFile: true, fileTooLarge: true })
    expect(big.ok ? null : big.details.fieldErrors).toEqual({ file: COURSE_CONTENT_MESSAGES.fileTooLarge })
  })

  it.each([
    ['C:\\Users\\me\\Slides "v2".pdf', 'Slides v2.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['..', 'file'],
    ['', 'file'],
  ])('names the file %j as %j', (name, expected) => {
    expect(safeFileName(name)).toBe(expected)
  })
})

describe('course prices', () => {
  it.each([
    [14900, 'USD', '$149.00', '149.00'],
    [240000, 'INR', '₹2,400.00', '2400.00'],
    [500, 'JPY', '¥500', '500'],
    [5, 'USD', '$0.05', '0.05'],
  ])('%i %s is shown as %s and given to schema.org as %s', (amount, currency, shown, plain) => {
    expect(moneyText(amount, currency)).toBe(shown)
    expect(schemaOrgPrice(amount, currency)).toBe(plain)
  })

  it('describes a course as schema.org Course with its offers', () => {
    const ld = courseJsonLd({
      name: 'Yoga Foundations',
      description: 'Six weeks',
      url: 'https://demo.example/courses/details/yoga-foundations',
      imageUrl: null,
      provider: { name: 'Demo Studio', url: 'https://demo.example' },
      paymentType: 'PAID',
      prices: [{ name: 'Full course', priceMinor: 14900, currency: 'USD' }],
      currency: 'USD',
    })
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Yoga Foundations',
      description: 'Six weeks',
      url: 'https://demo.example/courses/details/yoga-foundations',
      provider: { '@type': 'Organization', name: 'Demo Studio', sameAs: 'https://demo.example' },
      offers: [{ '@type': 'Offer', name: 'Full course', category: 'Paid', price: '149.00', priceCurrency: 'USD', url: 'https://demo.example/courses/details/yoga-foundations' }],
    })
    expect(courseJsonLd({ name: 'Intro', description: '', url: 'u', imageUrl: null, provider: { name: 'S', url: 'p' }, paymentType: 'FREE', prices: [], currency: 'usd' }).offers).toEqual([
      { '@type': 'Offer', category: 'Free', price: '0', priceCurrency: 'USD', url: 'u' },
    ])
  })
})

describe('the Register area of a course page', () => {
  const course = (paymentType: 'FREE' | 'PAID' | 'EXTERNAL', options: string[] = ['o1'], online: string[] = options) => ({
    guid: 'c1',
    paymentType,
    externalLink: paymentType === 'EXTERNAL' ? 'https://example.test' : null,
    priceOptionGuids: options,
    onlineOptionGuids: online,
  })

  it('enrols a student in a free course at once and sends a visitor to sign in and back', () => {
    expect(registerChoiceFor({ course: course('FREE'), viewer: 'student', isEnrolled: false, isCheckoutAvailable: false })).toEqual({ kind: 'enrol-now', action: '/mycourses/enrol/c1' })
    expect(registerChoiceFor({ course: course('FREE'), viewer: 'visitor', isEnrolled: false, isCheckoutAvailable: false })).toEqual({
      kind: 'sign-in',
      loginPath: '/login?redirectTo=%2Fmycourses%2Fenrol%2Fc1',
      registerPath: '/register?redirectTo=%2Fmycourses%2Fenrol%2Fc1',
    })
    expect(registerChoiceFor({ course: course('FREE'), viewer: 'student', isEnrolled: true, isCheckoutAvailable: false })).toEqual({ kind: 'enrolled', portalPath: '/mycourses/c1' })
  })

  it('offers checkout for the options sold online, says how to enrol otherwise; closed without options', () => {
    expect(registerChoiceFor({ course: course('PAID'), viewer: 'visitor', isEnrolled: false, isCheckoutAvailable: false })).toEqual({ kind: 'contact' })
    expect(registerChoiceFor({ course: course('PAID'), viewer: 'visitor', isEnrolled: false, isCheckoutAvailable: true })).toEqual({ kind: 'checkout', itemGuid: 'c1', optionGuids: ['o1'] })
    expect(registerChoiceFor({ course: course('PAID', ['o1', 'o2'], ['o2']), viewer: 'visitor', isEnrolled: false, isCheckoutAvailable: true })).toEqual({ kind: 'checkout', itemGuid: 'c1', optionGuids: ['o2'] })
    expect(registerChoiceFor({ course: course('PAID', ['o1'], []), viewer: 'visitor', isEnrolled: false, isCheckoutAvailable: true })).toEqual({ kind: 'contact' })
    expect(registerChoiceFor({ course: course('PAID', []), viewer: 'visitor', isEnrolled: false, isCheckoutAvailable: true })).toEqual({ kind: 'closed' })
    expect(registerChoiceFor({ course: course('EXTERNAL'), viewer: 'visitor', isEnrolled: false, isCheckoutAvailable: false })).toEqual({ kind: 'external', href: 'https://example.test' })
  })
})
