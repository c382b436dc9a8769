import nodemailer from 'nodemailer'

export interface MailMessage {
  messageId: string
  from: string
  to: string
  subject: string
  text: string
  html?: string | null
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>
  close(): void
}

/** SMTP delivery through nodemailer; null when no SMTP_URL is configured (mail stays in the outbox). */
export function createMailTransport(smtpUrl: string | undefined): MailTransport | null {
  if (!smtpUrl) return null
  const transporter = nodemailer.createTransport(smtpUrl)
  return {
    async send(message) {
      await transporter.sendMail({
        messageId: message.messageId,
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
      })
    },
    close: () => transporter.close(),
  }
}
