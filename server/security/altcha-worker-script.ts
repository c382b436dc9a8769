import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

let script: Promise<string> | null = null

/** The widget package's worker script, read once per process. */
export function altchaWorkerScript(): Promise<string> {
  script ??= readFile(createRequire(import.meta.url).resolve('altcha/worker'), 'utf8')
  return script
}
