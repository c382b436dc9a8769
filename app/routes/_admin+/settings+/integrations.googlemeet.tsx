import type { LoaderFunctionArgs } from '@remix-run/node'
import { meetingCallback } from '#app/utils/meetings.server'

/**
 * /integrations/googlemeet (the redirect URI given to the provider) reaches here by the shell's rule that
 * 'integrations' set-up targets go to settings with their query; a resource route, so staff who
 * connect meetings get here past the admin-only settings layout.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return meetingCallback('googlemeet', request, context)
}
