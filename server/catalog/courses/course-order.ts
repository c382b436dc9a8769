/**
 * The order of a course's sections, or of a section's chapters, as staff change it: one place
 * up or down with a button (works without JavaScript), or a whole new order from a drag.
 */

export type MoveDirection = 'up' | 'down'

/** The list with `id` moved one place; unchanged at either end or when `id` is not in it. */
export function moveOnePlace<T>(ids: readonly T[], id: T, direction: MoveDirection): T[] {
  const at = ids.indexOf(id)
  const to = direction === 'up' ? at - 1 : at + 1
  if (at === -1 || to < 0 || to >= ids.length) return [...ids]
  const moved = [...ids]
  moved[at] = ids[to]
  moved[to] = id
  return moved
}

/**
 * A posted order is taken only when it names exactly the items there are, each once: a stale
 * page (an item added or deleted meanwhile) must not drop or duplicate anything.
 */
export function isReorderOf<T>(current: readonly T[], wanted: readonly T[]): boolean {
  if (current.length !== wanted.length) return false
  const left = new Set(current)
  if (left.size !== current.length) return false
  for (const id of wanted) if (!left.delete(id)) return false
  return left.size === 0
}
