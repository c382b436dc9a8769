import { parseDescriptor, type ScreenDescriptor } from '#server/screens/descriptor'
import account from './account.json'
import displayModules from './display-modules.json'
import display from './display.json'
import paccount from './paccount.json'
import roles from './roles.json'
import seosetting from './seosetting.json'
import studentapp from './studentapp.json'
import website from './website.json'

/**
 * The screen descriptors the product ships, one JSON file each, by key. Bump a descriptor's
 * version whenever its fields change, so tenants' overlays are re-checked against it.
 */
const files: Record<string, unknown> = {
  account,
  'display-modules': displayModules,
  display,
  roles,
  studentapp,
  paccount,
  website,
  seosetting,
}

let checked: Map<string, ScreenDescriptor> | null = null

/** Every shipped descriptor, checked against the descriptor schema once per process. */
export function shippedDescriptors(): ReadonlyMap<string, ScreenDescriptor> {
  if (!checked) {
    checked = new Map()
    for (const [key, file] of Object.entries(files)) {
      const descriptor = parseDescriptor(file)
      if (descriptor.key !== key) throw new Error(`screens/${key}.json declares key "${descriptor.key}"`)
      checked.set(key, descriptor)
    }
  }
  return checked
}

export function shippedDescriptor(key: string): ScreenDescriptor | null {
  return shippedDescriptors().get(key) ?? null
}
