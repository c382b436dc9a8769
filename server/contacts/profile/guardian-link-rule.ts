/** One guardian link: `guardianId` looks after `childId`. */
export interface GuardianLink {
  guardianId: string
  childId: string
}

export type GuardianLinkProblem = 'self' | 'duplicate' | 'cycle'

/**
 * Why a new link `guardianId -> childId` cannot be made, or null when it can. `links` must hold
 * every link reachable downwards from the child (its children, their children, ...) and the
 * child's own guardians; more links do no harm.
 *
 * - self: a contact cannot look after themselves;
 * - duplicate: the two are linked already, either way round (the same pair twice, or each the
 *   other's guardian, which is also a loop);
 * - cycle: the guardian is already in the child's care, directly or further down (a child as the
 *   guardian of its own guardian), so the family tree would loop.
 */
export function guardianLinkProblem(guardianId: string, childId: string, links: readonly GuardianLink[]): GuardianLinkProblem | null {
  if (guardianId === childId) return 'self'
  const samePair = (link: GuardianLink) =>
    (link.guardianId === guardianId && link.childId === childId) || (link.guardianId === childId && link.childId === guardianId)
  if (links.some(samePair)) return 'duplicate'
  if (isInCareOf(guardianId, childId, links)) return 'cycle'
  return null
}

/** Whether `personId` is a child of `carerId`, or a child of one of their children, and so on. */
export function isInCareOf(personId: string, carerId: string, links: readonly GuardianLink[]): boolean {
  const childrenOf = new Map<string, string[]>()
  for (const link of links) childrenOf.set(link.guardianId, [...(childrenOf.get(link.guardianId) ?? []), link.childId])
  const seen = new Set<string>([carerId])
  const queue = [carerId]
  while (queue.length > 0) {
    const current = queue.shift() as string
    for (const child of childrenOf.get(current) ?? []) {
      if (child === personId) return true
      if (!seen.has(child)) {
        seen.add(child)
        queue.push(child)
      }
    }
  }
  return false
}
