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

/**
 * Clears the trace whenever a logout form is submitted anywhere on the page (the staff and
 * student menus, the /logout page, the session screen, the expiry dialog), whether the form
 * goes through Remix or reloads the document. Returns the function that stops listening.
 */
export function clearLoginTraceOnLogout(logoutPath = '/logout'): () => void {
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target
    if (!(form instanceof HTMLFormElement)) return
    const action = event.submitter?.getAttribute('formaction') || form.getAttribute('action') || window.location.pathname
    try {
      if (new URL(action, window.location.href).pathname === logoutPath) setLoginTrace(false)
    } catch {
      // An action that is no URL is no logout.
    }
  }
  // Capture: runs before any handler that could stop the event or submit the form itself.
  document.addEventListener('submit', onSubmit, true)
  return () => document.removeEventListener('submit', onSubmit, true)
}
