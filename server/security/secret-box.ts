import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Seals tenant secrets (API keys, provider tokens) for storage: AES-256-GCM with a key derived
 * from APP_SECRET by HKDF, a fresh 96-bit IV per value, and the purpose bound in as associated
 * data so a value sealed for one purpose cannot be replayed as another. The stored form is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. Rotating APP_SECRET makes old values unreadable,
 * which `openSecret` reports as null rather than throwing.
 */
const VERSION = 'v1'
const keys = new Map<string, Buffer>()

function keyFor(appSecret: string): Buffer {
  let key = keys.get(appSecret)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'studio-platform', 'tenant-secrets', 32))
    keys.set(appSecret, key)
  }
  return key
}

export function sealSecret(appSecret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFor(appSecret), iv)
  cipher.setAAD(Buffer.from(purpose, 'utf8'))
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
}

/** The plain value, or null when the box was tampered with, sealed for another purpose or under another secret. */
export function openSecret(appSecret: string, purpose: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== VERSION || !iv || !tag || body === undefined) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(appSecret), Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(purpose, 'utf8'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
