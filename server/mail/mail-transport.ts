import nodemailer, { type Transporter } from 'nodemailer'

export interface MailMessage {
  messageId: string
  from: string
  to: string
  subject: string
  text: string
  html?: string | null
  /** Signs the message with the tenant's verified sender domain key (DKIM). */
  dkim?: MailDkim | null
}

export interface MailDkim {
  domainName: string
  keySelector: string
  /** PEM; opened from its sealed form just before sending, never logged. */
  privateKey: string
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>
  close(): void
}

/** SMTP delivery through nodemailer; null when no SMTP_URL is configured (mail stays in the outbox). */
export function createMailTransport(smtpUrl: string | undefined): MailTransport | null {
  if (!smtpUrl) return null
  return transportFrom(nodemailer.createTransport(smtpUrl))
}

/** The product's transport over any nodemailer transporter (tests use a stream transport to read the signed message). */
export function transportFrom(transporter: Transporter): MailTransport {
  return {
    async send(message) {
      await transporter.sendMail({
        messageId: message.messageId,
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        ...(message.dkim ? { dkim: { ...message.dkim } } : {}),
      })
    },
    close: () => transporter.close(),
  }
}
