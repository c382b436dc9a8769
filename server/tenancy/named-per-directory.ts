import type { TenantDirectory } from './tenant-directory'

type Directory = Pick<TenantDirectory, 'onChange'>

const registries = new WeakMap<Directory, Map<string, unknown>>()

/**
 * The one value called `name` for this directory (one per process and platform), made by
 * `create` on first ask: memos listen to the directory's changes, so each must exist once.
 */
export function namedPerDirectory<T>(directory: Directory, name: string, create: () => T): T {
  let byName = registries.get(directory)
  if (!byName) {
    byName = new Map()
    registries.set(directory, byName)
  }
  if (!byName.has(name)) byName.set(name, create())
  // One name always holds one kind of value: the caller that created it decides it.
  return byName.get(name) as T
}
