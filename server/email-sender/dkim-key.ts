import { generateKeyPairSync } from 'node:crypto'

export interface DkimKeyPair {
  /** PEM, PKCS#8; sealed with secret-box before it is stored, never sent to a browser. */
  privateKeyPem: string
  /** The public key as the base64 DER (SPKI) body that goes into the DKIM TXT record's p= tag. */
  publicKeyBase64: string
}

export const DKIM_KEY_BITS = 2048

export function generateDkimKeyPair(): DkimKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: DKIM_KEY_BITS })
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyBase64: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  }
}
