import type { Platform } from '#server/platform'
import { readActiveProvider } from './active-provider'

/** Whether this studio takes card (and other online) payments now: it has a payment provider checkout can use. */
export async function takesCardPayments(platform: Pick<Platform, 'database' | 'env'> & Partial<Pick<Platform, 'tenants'>>, tenantId: string): Promise<boolean> {
  return (await readActiveProvider(platform, tenantId)) !== null
}
