import type { z } from 'zod'

/** A provider call that failed: unreachable, refused, or answered something we cannot read. */
export class ProviderCallFailed extends Error {
  constructor(
    readonly provider: string,
    readonly status: number | null,
    message: string,
  ) {
    super(`${provider}: ${message}`)
  }
}

/**
 * One JSON call to a payment provider, its answer checked by a schema. Twenty seconds at most:
 * a buyer is waiting on the other end. `refusalOf` turns a provider's own refusal (a declined
 * card) into the error its caller shows; any other failure is a ProviderCallFailed.
 */
export async function providerJson<T>(
  provider: string,
  url: string,
  init: { method: 'GET' | 'POST' | 'DELETE'; headers: Record<string, string>; body?: string },
  schema: z.ZodType<T>,
  refusalOf?: (status: number, body: unknown) => Error | null,
): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, { ...init, headers: { accept: 'application/json', ...init.headers }, signal: AbortSignal.timeout(20_000) })
  } catch (error) {
    throw new ProviderCallFailed(provider, null, `unreachable (${error instanceof Error ? error.message : String(error)})`)
  }
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new ProviderCallFailed(provider, response.status, `answered ${response.status} with no JSON`)
  }
  if (!response.ok) throw refusalOf?.(response.status, body) ?? new ProviderCallFailed(provider, response.status, `answered ${response.status}: ${text.slice(0, 300)}`)
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new ProviderCallFailed(provider, response.status, `answered an unexpected shape: ${parsed.error.issues[0]?.message ?? ''}`)
  return parsed.data
}
