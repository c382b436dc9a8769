import { createHash } from 'node:crypto'
import { consentUrl, newPendingConnection, pendingCookieValue, readPendingCookie, sameState } from '#server/meetings/meeting-oauth'
import { isMeetingProviderConfigured, meetingProviderConfig, parseMeetingProvider } from '#server/meetings/meeting-providers'

const env = {
  ZOOM_CLIENT_ID: 'zoom-id',
  ZOOM_CLIENT_SECRET: 'zoom-secret',
  ZOOM_OAUTH_URL: 'http://127.0.0.1:9/',
  ZOOM_API_URL: 'http://127.0.0.1:9',
  GOOGLE_CLIENT_ID: undefined,
  GOOGLE_CLIENT_SECRET: undefined,
  GOOGLE_OAUTH_BASE_URL: undefined,
  GOOGLE_MEET_API_URL: undefined,
}

describe('meeting provider OAuth', () => {
  it("points at the configured bases, else the providers' own endpoints, and says when an app is missing", () => {
    const zoom = meetingProviderConfig(env, 'zoom')
    expect([zoom.authorization, zoom.token, zoom.revoke, zoom.createMeeting, zoom.callbackPath]).toEqual([
      'http://127.0.0.1:9/oauth/authorize',
      'http://127.0.0.1:9/oauth/token',
      'http://127.0.0.1:9/oauth/revoke',
      'http://127.0.0.1:9/v2/users/me/meetings',
      '/integrations/zoom',
    ])
    expect(isMeetingProviderConfigured(zoom)).toBe(true)
    const meet = meetingProviderConfig(env, 'googlemeet')
    expect([meet.authorization, meet.token, meet.revoke, meet.createMeeting, meet.callbackPath]).toEqual([
      'https://accounts.google.com/o/oauth2/v2/auth',
      'https://oauth2.googleapis.com/token',
      'https://oauth2.googleapis.com/revoke',
      'https://meet.googleapis.com/v2/spaces',
      '/integrations/googlemeet',
    ])
    expect(isMeetingProviderConfigured(meet)).toBe(false)
  })

  it('asks for the code with a state and an S256 challenge of the verifier kept in the cookie', () => {
    const pending = newPendingConnection()
    const url = new URL(consentUrl(meetingProviderConfig(env, 'zoom'), { pending, redirectUri: 'http://demo.localhost:3000/integrations/zoom' }))
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'zoom-id',
      redirect_uri: 'http://demo.localhost:3000/integrations/zoom',
      state: pending.state,
      code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'),
      code_challenge_method: 'S256',
    })
    expect(readPendingCookie(pendingCookieValue(pending))).toEqual(pending)
  })

  it.each([
    ['', null],
    ['no-dot', null],
    ['short.short', null],
    ['a'.repeat(32) + '.' + 'b'.repeat(64) + '"', null],
  ])('reads no pending connection from the cookie %j', (value, expected) => {
    expect(readPendingCookie(value)).toBe(expected)
  })

  it('compares states whole and refuses empty ones', () => {
    expect(sameState('abc', 'abc')).toBe(true)
    expect(sameState('abc', 'abd')).toBe(false)
    expect(sameState('abc', 'abcd')).toBe(false)
    expect(sameState(null, 'abc')).toBe(false)
    expect(sameState('abc', null)).toBe(false)
    expect(parseMeetingProvider('zoom')).toBe('zoom')
    expect(parseMeetingProvider('teams')).toBeNull()
  })
})
