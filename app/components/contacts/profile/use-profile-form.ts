import { useActionData, useFetcher, useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import type { ProfileFormFailure, ProfileIntent } from '#server/contacts/profile/profile-forms'

/**
 * One of the profile's forms: posted through a fetcher, so with JavaScript the page stays where
 * it is; without it the same <form> posts natively and the refusal comes back as action data.
 * `failure` is this form's refusal either way; `onDone` runs after a post that went through.
 * `pageFailure: false` is for forms repeated down a list: they show only their own fetcher's.
 */
export function useProfileForm(intent: ProfileIntent, options: { onDone?: () => void; pageFailure?: boolean } = {}) {
  const fetcher = useFetcher<ProfileFormFailure>()
  const actionData = useActionData<ProfileFormFailure>()
  const fromFetcher = fetcher.data?.intent === intent ? fetcher.data : undefined
  // Forms repeated down a list (one per tag or link) leave a page-wide refusal to their list.
  const fromPage = options.pageFailure !== false && actionData?.intent === intent ? actionData : undefined
  const failure = fetcher.state === 'idle' ? (fromFetcher ?? (fetcher.data ? undefined : fromPage)) : undefined

  // A post that redirected leaves no data behind: that is a success.
  const wasBusy = useRef(false)
  const followedRedirect = useRef(false)
  const revalidator = useRevalidator()
  const onDone = useRef(options.onDone)
  onDone.current = options.onDone
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      wasBusy.current = true
      if (fetcher.state === 'loading') followedRedirect.current = true
      return
    }
    if (!wasBusy.current) return
    wasBusy.current = false
    if (fetcher.data !== undefined) return
    // The router drops a fetcher's redirect when another navigation began meanwhile; the page
    // must still show what was just saved, so it reloads its data itself then.
    if (!followedRedirect.current) revalidator.revalidate()
    followedRedirect.current = false
    onDone.current?.()
    // The revalidator is a new object on every render; only the fetcher's state matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data])

  return { fetcher, failure, busy: fetcher.state !== 'idle' }
}
