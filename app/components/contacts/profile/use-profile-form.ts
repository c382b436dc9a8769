import { useActionData, useFetcher, useLocation, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useRef } from 'react'
import type { ProfileFormFailure, ProfileIntent } from '#server/contacts/profile/profile-forms'

/** The page as it was when the form posted: the post is over once any of it has moved on. */
type Post = { locationKey: string; data: ProfileFormFailure | undefined; sawBusy: boolean }

/**
 * One of the profile's forms: posted through a fetcher, so with JavaScript the page stays where
 * it is; without it the same <form> posts natively and the refusal comes back as action data.
 * `failure` is this form's refusal either way; `onDone` runs after a post that went through.
 * `pageFailure: false` is for forms repeated down a list: they show only their own fetcher's.
 * The form must pass `onSubmit` on to its <fetcher.Form>.
 */
export function useProfileForm(intent: ProfileIntent, options: { onDone?: () => void; pageFailure?: boolean } = {}) {
  const fetcher = useFetcher<ProfileFormFailure>()
  const actionData = useActionData<ProfileFormFailure>()
  const location = useLocation()
  const fromFetcher = fetcher.data?.intent === intent ? fetcher.data : undefined
  // Forms repeated down a list (one per tag or link) leave a page-wide refusal to their list.
  const fromPage = options.pageFailure !== false && actionData?.intent === intent ? actionData : undefined
  const failure = fetcher.state === 'idle' ? (fromFetcher ?? (fetcher.data ? undefined : fromPage)) : undefined

  const revalidator = useRevalidator()
  const onDone = useRef(options.onDone)
  onDone.current = options.onDone
  const current = useRef({ locationKey: location.key, data: fetcher.data })
  current.current = { locationKey: location.key, data: fetcher.data }
  const post = useRef<Post | null>(null)
  // Taken when the form is sent, not from the fetcher's states: React may never render the
  // 'submitting' or 'loading' state of a fast post, and the end of a post must not hang on them.
  const onSubmit = useCallback(() => {
    post.current = { ...current.current, sawBusy: false }
  }, [])

  useEffect(() => {
    const sent = post.current
    if (!sent) return
    if (fetcher.state !== 'idle') {
      sent.sawBusy = true
      return
    }
    if (!sent.sawBusy && location.key === sent.locationKey && fetcher.data === sent.data) return
    post.current = null
    if (fetcher.data !== undefined) return
    // A post that redirected leaves no data behind: that is a success. The router follows the
    // redirect (a new location, the page's data read again), except when another navigation
    // began meanwhile: then the page is still the one posted from and reads its data itself.
    if (location.key === sent.locationKey) revalidator.revalidate()
    onDone.current?.()
    // The revalidator is a new object on every render; only the post's progress matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data, location.key])

  return { fetcher, failure, busy: fetcher.state !== 'idle', onSubmit }
}
