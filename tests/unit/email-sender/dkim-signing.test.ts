import { createHash, createPublicKey, verify } from 'node:crypto'
import nodemailer, { type Transport, type Transporter } from 'nodemailer'
import { generateDkimKeyPair } from '#server/email-sender/dkim-key'
import { transportFrom } from '#server/mail/mail-transport'

/** Collects the raw message nodemailer would put on the wire, after its DKIM signing step. */
function capturingTransporter(): { transporter: Transporter; raw: () => string } {
  let captured = ''
  const transporter = nodemailer.createTransport({
    name: 'capture',
    version: '1',
    send(mail: { message: { createReadStream(): NodeJS.ReadableStream } }, callback: (error: Error | null, info: object) => void) {
      const chunks: Buffer[] = []
      const stream = mail.message.createReadStream()
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', (error: Error) => callback(error, {}))
      stream.on('end', () => {
        captured = Buffer.concat(chunks).toString('utf8')
        callback(null, { messageId: 'captured' })
      })
    },
  } as unknown as Transport)
  return { transporter, raw: () => captured }
}

interface ParsedHeader {
  name: string
  raw: string
}

function splitMessage(raw: string): { headers: ParsedHeader[]; body: string } {
  const at = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, at)
  const body = raw.slice(at + 4)
  const headers: ParsedHeader[] = []
  for (const line of head.split('\r\n')) {
    if (/^[ \t]/.test(line) && headers.length > 0) headers[headers.length - 1]!.raw += `\r\n${line}`
    else headers.push({ name: line.slice(0, line.indexOf(':')), raw: line })
  }
  return { headers, body }
}

// RFC 6376 section 3.4.2 and 3.4.4 ("relaxed"), which nodemailer uses for both.
const relaxedHeader = (raw: string) => {
  const colon = raw.indexOf(':')
  const name = raw.slice(0, colon).trim().toLowerCase()
  const value = raw
    .slice(colon + 1)
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim()
  return `${name}:${value}`
}
const relaxedBody = (body: string) => {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''))
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
  return lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`
}

function tags(value: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of value.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).replace(/\s+/g, '')
  }
  return out
}

describe('outgoing mail signed with the sender domain key (DKIM)', () => {
  const keys = generateDkimKeyPair()

  it('adds a DKIM-Signature whose d=, s=, body hash and signature check out against the published key', async () => {
    const { transporter, raw } = capturingTransporter()
    const transport = transportFrom(transporter)
    await transport.send({
      messageId: '<m1@sunrise.test>',
      from: 'Sunrise Yoga <hello@sunrise.test>',
      to: 'student@example.test',
      subject: 'Class on Monday',
      text: 'See you on the mat.  \r\nBring water.\r\n\r\n',
      dkim: { domainName: 'sunrise.test', keySelector: 'studio1', privateKey: keys.privateKeyPem },
    })

    const { headers, body } = splitMessage(raw())
    const signature = headers.find((h) => h.name.toLowerCase() === 'dkim-signature')
    expect(signature).toBeDefined()
    const fields = tags(signature!.raw.slice(signature!.raw.indexOf(':') + 1))
    expect(fields.d).toBe('sunrise.test')
    expect(fields.s).toBe('studio1')
    expect(fields.a).toBe('rsa-sha256')
    expect(fields.c).toBe('relaxed/relaxed')
    expect(fields.bh).toBe(createHash('sha256').update(relaxedBody(body)).digest('base64'))

    // The signed data: each header named in h= (bottom-most first), then the signature header with b= emptied.
    const used = new Set<ParsedHeader>()
    const signedLines = fields.h!.split(':').flatMap((name) => {
      const match = [...headers].reverse().find((h) => h.name.toLowerCase() === name.toLowerCase() && !used.has(h))
      if (!match) return []
      used.add(match)
      return [`${relaxedHeader(match.raw)}\r\n`]
    })
    const withoutB = relaxedHeader(signature!.raw.replace(/\bb=[^;]*$/, 'b='))
    const data = signedLines.join('') + withoutB
    const publicKey = createPublicKey({ key: Buffer.from(keys.publicKeyBase64, 'base64'), format: 'der', type: 'spki' })
    expect(verify('RSA-SHA256', Buffer.from(data), publicKey, Buffer.from(fields.b!, 'base64'))).toBe(true)
    // A changed body no longer matches the signed body hash.
    expect(createHash('sha256').update(relaxedBody(`${body}tampered\r\n`)).digest('base64')).not.toBe(fields.bh)
  })

  it('sends unsigned mail when the tenant has no verified sender', async () => {
    const { transporter, raw } = capturingTransporter()
    await transportFrom(transporter).send({ messageId: '<m2@x.test>', from: 'a@x.test', to: 'b@y.test', subject: 'Hi', text: 'Hello' })
    expect(raw()).toContain('Subject: Hi')
    expect(raw().toLowerCase()).not.toContain('dkim-signature')
  })
})
