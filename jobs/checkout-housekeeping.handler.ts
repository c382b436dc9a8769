import { deleteIdleCarts, voidUnpaidOrders } from '#server/checkout/checkout-housekeeping'
import type { checkoutHousekeepingJob } from './checkout-housekeeping'
import type { JobHandler } from './runtime/registry'

export const handleCheckoutHousekeeping: JobHandler<typeof checkoutHousekeepingJob> = async (_payload, platform) => {
  const now = platform.clock.now()
  const voided = await voidUnpaidOrders(platform, now)
  const deleted = await deleteIdleCarts(platform, now)
  if (voided + deleted > 0) platform.logger.info({ voidedOrders: voided, deletedCarts: deleted }, 'checkout housekeeping')
}
