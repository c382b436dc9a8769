import { newVerifyToken, recordMatches, verifyRecordName } from '#server/settings/custom-domain-claim'
import { STATUS_LABELS, statusText } from '#server/settings/custom-domain-text'

describe('the custom domain TXT record', () => {
  it('is named under the domain with a product-neutral prefix', () => {
    expect(verifyRecordName('book.example.com')).toBe('_studio-verify.book.example.com')
  })
  it('has a fresh random value each time', () => {
    const token = newVerifyToken()
    expect(token).toMatch(/^studio-verify=[0-9a-f]{32}$/)
    expect(newVerifyToken()).not.toBe(token)
  })
  it('matches only the exact token among the values', () => {
    expect(recordMatches(['v=spf1 -all', 'studio-verify=abc'], 'studio-verify=abc')).toBe(true)
    expect(recordMatches(['studio-verify=abcd'], 'studio-verify=abc')).toBe(false)
  })
  it('words each status', () => {
    expect(STATUS_LABELS).toEqual({ pending: 'Pending', verified: 'Verified', failed: 'Failed' })
    expect(statusText('failed', 'taken')).toContain('Another organisation')
    expect(statusText('failed', 'not_found')).toContain('72 hours')
  })
})
