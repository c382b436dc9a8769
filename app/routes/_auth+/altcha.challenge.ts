import type { LoaderFunctionArgs } from '@remix-run/node'
import { createAltchaChallenge } from '#server/security/altcha'

/** A fresh ALTCHA challenge for the public forms' bot check; each may be used once. */
export async function loader({ context }: LoaderFunctionArgs) {
  const challenge = await createAltchaChallenge(context.platform.env)
  return Response.json(challenge, { headers: { 'Cache-Control': 'no-store' } })
}
