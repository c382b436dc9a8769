/**
 * The spec's login trace: a true/false flag in local storage that says "this browser has
 * signed in". Set while a session is alive, cleared on a failed sign-in and on logout, so a
 * start-up that finds it set but no session knows to log out cleanly.
 */
export const LOGIN_TRACE_KEY = 'loginTrace'

export function setLoginTrace(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(LOGIN_TRACE_KEY, 'true')
    else window.localStorage.removeItem(LOGIN_TRACE_KEY)
  } catch {
    // Private browsing or storage disabled: the server session is what counts anyway.
  }
}

export function hasLoginTrace(): boolean {
  try {
    return window.localStorage.getItem(LOGIN_TRACE_KEY) === 'true'
  } catch {
    return false
  }
}
