const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether an id from an address or a form has the shape of a row id; anything else is "not found" before any query. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value)
}
