import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { isValidHostname } from './tenancy/parse-host'

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

/** A whole number in a range, with one message that says what is expected (not "received nan"). */
const wholeNumber = (name: string, min: number, max: number, fallback: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`
  return z.coerce.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message).default(fallback)
}

const minutes = (name: string, fallback: number) => {
  const message = `${name} must be a number of minutes above 0 and at most ${24 * 60}`
  return z.coerce.number({ invalid_type_error: message }).positive(message).max(24 * 60, message).default(fallback)
}

const optionalText = z.string().trim().optional().transform((value) => value || undefined)

const optionalUrl = (name: string) =>
  z
    .string()
    .url(`${name} must be a URL`)
    .optional()
    .or(z.literal('').transform(() => undefined))

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber('PORT', 0, 65535, 3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: wholeNumber('DATABASE_POOL_SIZE', 1, 200, 10),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** BullMQ key prefix: deployments (or test runs) sharing one Redis never take each other's jobs. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'QUEUE_PREFIX must be letters, digits, - or _ (at most 64)')
    .default('bull'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** host:port of the DNS server sender-domain checks ask (e.g. 127.0.0.1:5353); unset: the system's resolvers. */
  DNS_RESOLVER: z
    .string()
    .regex(/^(\[[0-9a-fA-F:]+\]|[0-9.]+|[0-9a-fA-F:]+)(:\d{1,5})?$/, 'DNS_RESOLVER must be an IP address, optionally with :port')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().email('MAIL_FROM must be an email address').default('no-reply@localhost.test'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  PLATFORM_DOMAINS: z
    .string()
    .default('localhost')
    .transform((value) =>
      value
        .split(',')
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (domains) => domains.length > 0 && domains.every(isValidHostname),
      'PLATFORM_DOMAINS must be a comma-separated list of domain names without ports, e.g. localhost,studio.example.com',
    ),
  // Checked here as the tenants table checks org ids, so a bad value fails now, not in the seed.
  MASTER_ORG_ID: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'MASTER_ORG_ID must be an org id: lower-case letters, digits and -, at most 63')
    .default('master'),
  PUBLIC_URL: z.string().url('PUBLIC_URL must be a full URL, e.g. https://studio.example.com').optional(),
  SEED_DEMO: booleanFlag,
  SEED_DEMO_PASSWORD: z.string().min(8, 'SEED_DEMO_PASSWORD must be at least 8 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TENANT_CACHE_TTL_SECONDS: z.coerce
    .number({ invalid_type_error: 'TENANT_CACHE_TTL_SECONDS must be a number of seconds from 0 to 3600' })
    .min(0, 'TENANT_CACHE_TTL_SECONDS must be a number of seconds from 0 to 3600')
    .max(3600, 'TENANT_CACHE_TTL_SECONDS must be a number of seconds from 0 to 3600')
    .default(30),
  SESSION_IDLE_MINUTES: minutes('SESSION_IDLE_MINUTES', 15),
  SESSION_REFRESH_BUFFER_MINUTES: minutes('SESSION_REFRESH_BUFFER_MINUTES', 15),
  // How many proxies in front append to X-Forwarded-For: the client address is the one the
  // outermost of ours saw, never one a client wrote itself. 'true' means one (a load balancer).
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? '').trim().toLowerCase()
      if (text === '' || text === 'false' || text === 'no' || text === '0') return 0
      if (text === 'true' || text === 'yes') return 1
      if (/^\d{1,2}$/.test(text) && Number(text) <= 10) return Number(text)
      ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be true, false or the number of proxies in front (1 to 10)' })
      return z.NEVER
    }),
  WEB_CONCURRENCY: wholeNumber('WEB_CONCURRENCY', 1, 64, 1),
  /** Jobs a worker process runs at once from the queue people wait on (emails, receipts, PDFs). */
  JOBS_INTERACTIVE_CONCURRENCY: wholeNumber('JOBS_INTERACTIVE_CONCURRENCY', 1, 64, 4),
  /** Jobs a worker process runs at once from the bulk queue (syncs, imports, DNS polling). */
  JOBS_BULK_CONCURRENCY: wholeNumber('JOBS_BULK_CONCURRENCY', 1, 64, 2),
  // How often the billing sweep looks for recurring memberships due (seconds).
  MEMBERSHIP_BILLING_EVERY_SECONDS: wholeNumber('MEMBERSHIP_BILLING_EVERY_SECONDS', 10, 86_400, 300),
  /** Google sign-in; without a client id the Google button says it is not configured. */
  GOOGLE_CLIENT_ID: z.string().trim().optional().transform((value) => value || undefined),
  GOOGLE_CLIENT_SECRET: z.string().trim().optional().transform((value) => value || undefined),
  /** Where the Google endpoints live; tests point it at a local fake provider. */
  GOOGLE_OAUTH_BASE_URL: z
    .string()
    .url('GOOGLE_OAUTH_BASE_URL must be a URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Stripe Connect: the platform's keys. Studios connect their own Stripe accounts and are paid
   * there; without a secret key and a Connect client id, checkout says card payments are not
   * set up and the Stripe card says it is not configured.
   */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_CONNECT_CLIENT_ID: optionalText,
  /** Signs the events Stripe posts to /webhooks/stripe (the Connect endpoint's signing secret). */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Where the Stripe API lives (https://api.stripe.com when unset); tests point it at a local fake. */
  STRIPE_API_URL: optionalUrl('STRIPE_API_URL'),
  /** Where the page loads Stripe.js from (https://js.stripe.com/v3/ when unset); tests load the fake's stand-in. */
  STRIPE_JS_URL: optionalUrl('STRIPE_JS_URL'),
  /** Where Stripe Connect's consent and token endpoints live (https://connect.stripe.com when unset). */
  STRIPE_CONNECT_URL: optionalUrl('STRIPE_CONNECT_URL'),
  /** Where a studio's 'Contact Us' for the Leap plan leads (a page or mailto: of the platform's sales); unset: Leap says to contact the platform. */
  PLAN_CONTACT_URL: optionalUrl('PLAN_CONTACT_URL'),
  /** Where Razorpay's API and hosted checkout live (https://api.razorpay.com when unset); tests point it at a local fake. */
  RAZORPAY_API_URL: optionalUrl('RAZORPAY_API_URL'),
  /** Where PaymentSpring's API lives (https://api.paymentspring.com when unset); tests point it at a local fake. */
  PAYMENTSPRING_API_URL: optionalUrl('PAYMENTSPRING_API_URL'),
  /** PhonePe's pay page API, live (https://api.phonepe.com/apis/hermes when unset). */
  PHONEPE_API_URL: optionalUrl('PHONEPE_API_URL'),
  /** PhonePe's sandbox, used by a studio in test mode (https://api-preprod.phonepe.com/apis/pg-sandbox when unset). */
  PHONEPE_SANDBOX_API_URL: optionalUrl('PHONEPE_SANDBOX_API_URL'),
  /** Where the Mailchimp-style mailing list API lives; unset, the data centre named by each key's suffix (https://<dc>.api.mailchimp.com). Tests point it at a local fake. */
  MAILCHIMP_API_URL: optionalUrl('MAILCHIMP_API_URL'),
  /** Where Twilio's REST API lives (https://api.twilio.com when unset); tests point it at a local fake. */
  TWILIO_API_URL: optionalUrl('TWILIO_API_URL'),
  /** Where Plivo's REST API lives (https://api.plivo.com when unset); tests point it at a local fake. */
  PLIVO_API_URL: optionalUrl('PLIVO_API_URL'),
  /** How many hours before a class its booked contacts (with SMS reminders on) get a reminder text. */
  SMS_REMINDER_HOURS: wholeNumber('SMS_REMINDER_HOURS', 1, 168, 24),
  /**
   * Online meetings: the platform's Zoom OAuth app. Without a client id the Zoom row of
   * /oauth/omeeting says Zoom is not set up. Google Meet reuses GOOGLE_CLIENT_ID and
   * GOOGLE_CLIENT_SECRET (and GOOGLE_OAUTH_BASE_URL for its consent, token and revoke endpoints).
   */
  ZOOM_CLIENT_ID: optionalText,
  ZOOM_CLIENT_SECRET: optionalText,
  /** Where Zoom's consent, token and revoke endpoints live (https://zoom.us when unset); tests point it at a local fake. */
  ZOOM_OAUTH_URL: optionalUrl('ZOOM_OAUTH_URL'),
  /** Where Zoom's REST API lives (https://api.zoom.us when unset). */
  ZOOM_API_URL: optionalUrl('ZOOM_API_URL'),
  /** Where the Google Meet REST API lives (https://meet.googleapis.com when unset). */
  GOOGLE_MEET_API_URL: optionalUrl('GOOGLE_MEET_API_URL'),
  /**
   * Connected email accounts (/settings/integrations/emails): the platform's OAuth apps at
   * Microsoft and Zoho (Google reuses GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). Without a
   * client id and secret, that provider's mailboxes cannot be connected and the page says so.
   */
  MICROSOFT_CLIENT_ID: optionalText,
  MICROSOFT_CLIENT_SECRET: optionalText,
  ZOHO_CLIENT_ID: optionalText,
  ZOHO_CLIENT_SECRET: optionalText,
  /** Where each mail provider's OAuth endpoints and mail API live; unset, the provider's own hosts. Tests point them at a local fake. */
  EMAIL_OAUTH_GOOGLE_URL: optionalUrl('EMAIL_OAUTH_GOOGLE_URL'),
  EMAIL_OAUTH_MICROSOFT_URL: optionalUrl('EMAIL_OAUTH_MICROSOFT_URL'),
  EMAIL_OAUTH_ZOHO_URL: optionalUrl('EMAIL_OAUTH_ZOHO_URL'),
  /** The platform's share of each card payment, in percent (0 to 50). */
  STRIPE_PLATFORM_FEE_PERCENT: z.coerce
    .number({ invalid_type_error: 'STRIPE_PLATFORM_FEE_PERCENT must be a percentage from 0 to 50' })
    .min(0, 'STRIPE_PLATFORM_FEE_PERCENT must be a percentage from 0 to 50')
    .max(50, 'STRIPE_PLATFORM_FEE_PERCENT must be a percentage from 0 to 50')
    .default(0),
})

export type RawEnv = z.infer<typeof envSchema>
export type Env = Omit<RawEnv, 'APP_SECRET'> & { APP_SECRET: string; isProduction: boolean }

export class EnvError extends Error {}

/**
 * Reads and checks the environment once, at start-up, and fails with every problem listed.
 * In development the app secret is generated once and kept in the data folder.
 */
export function loadEnv(source: Readonly<Record<string, string | undefined>> = process.env): Env {
  // `PORT=` in a compose file or .env means "not set"; coerced, '' would be port 0.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''))
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const isProduction = env.NODE_ENV === 'production'
  let secret = env.APP_SECRET
  if (!secret) {
    if (isProduction) throw new EnvError('Invalid environment:\n  APP_SECRET: required in production (at least 32 characters)')
    secret = readOrCreateSecretFile(env.DATA_DIR, 'app-secret', () => randomBytes(32).toString('hex'))
  }
  return { ...env, DATA_DIR: resolve(env.DATA_DIR), APP_SECRET: secret, isProduction }
}

/** A value generated once and kept in the data folder, so restarts keep it. */
export function readOrCreateSecretFile(dataDir: string, name: string, create: () => string): string {
  const file = join(dataDir, name)
  // An empty file is a first start cut short while writing it: make the value again.
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : ''
  if (kept) return kept
  mkdirSync(dataDir, { recursive: true })
  const value = create()
  writeFileSync(file, `${value}\n`, { mode: 0o600 })
  return value
}
