import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EnvError, loadEnv } from '#server/env.server'

const SECRET = 'a-secret-that-is-long-enough-0123456789'

let dataDir: string
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'env-test-'))
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

/** The message loadEnv fails with, or a test failure when it does not fail. */
function failureOf(source: Record<string, string>): string {
  try {
    loadEnv({ DATA_DIR: dataDir, APP_SECRET: SECRET, ...source })
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError)
    return (error as Error).message
  }
  throw new Error(`loadEnv accepted ${JSON.stringify(source)}`)
}

describe('loadEnv', () => {
  it('fills in the embedded defaults', () => {
    const env = loadEnv({ DATA_DIR: dataDir, APP_SECRET: SECRET })
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      isProduction: false,
      PORT: 3000,
      HOST: '0.0.0.0',
      DATABASE_POOL_SIZE: 10,
      MAIL_FROM: 'no-reply@localhost.test',
      PLATFORM_DOMAINS: ['localhost'],
      MASTER_ORG_ID: 'master',
      SEED_DEMO: false,
      LOG_LEVEL: 'info',
      TENANT_CACHE_TTL_SECONDS: 30,
      SESSION_IDLE_MINUTES: 15,
      SESSION_REFRESH_BUFFER_MINUTES: 15,
      TRUST_PROXY: 0,
      WEB_CONCURRENCY: 1,
      QUEUE_PREFIX: 'bull',
      APP_SECRET: SECRET,
    })
    for (const unset of [env.DATABASE_URL, env.REDIS_URL, env.SMTP_URL, env.SEED_DEMO_PASSWORD, env.PUBLIC_URL]) {
      expect(unset).toBeUndefined()
    }
    expect(env.DATA_DIR).toBe(dataDir)
  })

  it('uses ./data, made absolute, when DATA_DIR is not set', () => {
    const env = loadEnv({ APP_SECRET: SECRET })
    expect(env.DATA_DIR).toBe(join(process.cwd(), 'data'))
  })

  it('reads the values it is given', () => {
    const env = loadEnv({
      DATA_DIR: dataDir,
      APP_SECRET: SECRET,
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgresql://app@db:5432/studio',
      REDIS_URL: 'rediss://cache:6380',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'hello@studio.example.com',
      PLATFORM_DOMAINS: ' Studio.Example.com , localhost ,',
      MASTER_ORG_ID: 'platform',
      SEED_DEMO: 'yes',
      TRUST_PROXY: '1',
      TENANT_CACHE_TTL_SECONDS: '0',
      SESSION_IDLE_MINUTES: '30',
      LOG_LEVEL: 'warn',
    })
    expect(env).toMatchObject({
      isProduction: true,
      PORT: 8080,
      DATABASE_URL: 'postgresql://app@db:5432/studio',
      REDIS_URL: 'rediss://cache:6380',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      PLATFORM_DOMAINS: ['studio.example.com', 'localhost'],
      MASTER_ORG_ID: 'platform',
      SEED_DEMO: true,
      TRUST_PROXY: 1,
      TENANT_CACHE_TTL_SECONDS: 0,
      SESSION_IDLE_MINUTES: 30,
      LOG_LEVEL: 'warn',
    })
  })

  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ])('reads the flag SEED_DEMO=%s as %s', (value, expected) => {
    expect(loadEnv({ DATA_DIR: dataDir, APP_SECRET: SECRET, SEED_DEMO: value }).SEED_DEMO).toBe(expected)
  })

  it('treats a variable set to an empty string as not set', () => {
    const env = loadEnv({
      DATA_DIR: dataDir,
      APP_SECRET: '',
      PORT: '',
      PLATFORM_DOMAINS: '',
      DATABASE_URL: '',
      REDIS_URL: ' ',
      SMTP_URL: '',
      MAIL_FROM: '',
      SEED_DEMO_PASSWORD: '',
      TENANT_CACHE_TTL_SECONDS: '',
      SESSION_IDLE_MINUTES: '',
      LOG_LEVEL: '',
    })
    expect([env.DATABASE_URL, env.REDIS_URL, env.SMTP_URL, env.SEED_DEMO_PASSWORD]).toEqual([undefined, undefined, undefined, undefined])
    expect(env).toMatchObject({
      PORT: 3000,
      PLATFORM_DOMAINS: ['localhost'],
      MAIL_FROM: 'no-reply@localhost.test',
      TENANT_CACHE_TTL_SECONDS: 30,
      SESSION_IDLE_MINUTES: 15,
      LOG_LEVEL: 'info',
    })
    expect(env.APP_SECRET).toMatch(/^[0-9a-f]{64}$/)
  })

  it.each([
    ['NODE_ENV', 'staging', /NODE_ENV: .*'development' \| 'production' \| 'test'/],
    ['PORT', 'abc', /PORT: PORT must be a whole number from 0 to 65535/],
    ['PORT', '70000', /PORT: PORT must be a whole number from 0 to 65535/],
    ['PORT', '80.5', /PORT: PORT must be a whole number from 0 to 65535/],
    ['DATABASE_URL', 'mysql://db/studio', /DATABASE_URL: DATABASE_URL must be a postgres:\/\/ URL/],
    ['DATABASE_POOL_SIZE', '0', /DATABASE_POOL_SIZE: DATABASE_POOL_SIZE must be a whole number from 1 to 200/],
    ['REDIS_URL', 'http://cache:6379', /REDIS_URL: REDIS_URL must be a redis:\/\/ URL/],
    ['SMTP_URL', 'mail.example.com', /SMTP_URL: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    ['MAIL_FROM', 'nobody', /MAIL_FROM: MAIL_FROM must be an email address/],
    ['APP_SECRET', 'too-short', /APP_SECRET: APP_SECRET must be at least 32 characters/],
    ['PLATFORM_DOMAINS', 'localhost:3000', /PLATFORM_DOMAINS: PLATFORM_DOMAINS must be a comma-separated list of domain names/],
    ['PLATFORM_DOMAINS', 'studio.test,127.0.0.1', /PLATFORM_DOMAINS: PLATFORM_DOMAINS must be a comma-separated list of domain names/],
    ['PUBLIC_URL', 'studio.example.com', /PUBLIC_URL: PUBLIC_URL must be a full URL, e.g. https:\/\/studio.example.com/],
    ['MASTER_ORG_ID', 'Master HQ', /MASTER_ORG_ID: MASTER_ORG_ID must be an org id: lower-case letters, digits and -, at most 63/],
    ['SEED_DEMO', 'maybe', /SEED_DEMO: .*'true' \| 'false'/],
    ['SEED_DEMO_PASSWORD', 'short', /SEED_DEMO_PASSWORD: SEED_DEMO_PASSWORD must be at least 8 characters/],
    ['LOG_LEVEL', 'verbose', /LOG_LEVEL: .*'info'/],
    ['TENANT_CACHE_TTL_SECONDS', '-1', /TENANT_CACHE_TTL_SECONDS: TENANT_CACHE_TTL_SECONDS must be a number of seconds from 0 to 3600/],
    ['TENANT_CACHE_TTL_SECONDS', 'soon', /TENANT_CACHE_TTL_SECONDS: TENANT_CACHE_TTL_SECONDS must be a number of seconds from 0 to 3600/],
    ['SESSION_IDLE_MINUTES', '0', /SESSION_IDLE_MINUTES: SESSION_IDLE_MINUTES must be a number of minutes above 0 and at most 1440/],
    ['SESSION_REFRESH_BUFFER_MINUTES', '2000', /SESSION_REFRESH_BUFFER_MINUTES: SESSION_REFRESH_BUFFER_MINUTES must be a number of minutes above 0 and at most 1440/],
    ['TRUST_PROXY', 'sometimes', /TRUST_PROXY: TRUST_PROXY must be true, false or the number of proxies in front \(1 to 10\)/],
    ['TRUST_PROXY', '11', /TRUST_PROXY: TRUST_PROXY must be true/],
    ['WEB_CONCURRENCY', '100', /WEB_CONCURRENCY: WEB_CONCURRENCY must be a whole number from 1 to 64/],
    ['QUEUE_PREFIX', 'studio:prod', /QUEUE_PREFIX: QUEUE_PREFIX must be letters, digits, - or _ \(at most 64\)/],
  ])('refuses %s=%j with a message that names it', (name, value, message) => {
    const text = failureOf({ [name]: value })
    expect(text).toMatch(/^Invalid environment:\n/)
    expect(text).toMatch(message)
    expect(text).not.toMatch(/received nan/i)
  })

  it('lists every problem at once', () => {
    const text = failureOf({ PORT: 'abc', REDIS_URL: 'http://x', LOG_LEVEL: 'loud' })
    expect(text.split('\n').filter((line) => line.startsWith('  '))).toHaveLength(3)
  })

  it('requires APP_SECRET in production and writes nothing to the data folder', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(EnvError)
    expect(() => loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(
      /APP_SECRET: required in production \(at least 32 characters\)/,
    )
    expect(existsSync(join(dataDir, 'app-secret'))).toBe(false)
  })

  it('generates APP_SECRET once in development, keeps it private in the data folder and reuses it', () => {
    const dir = join(dataDir, 'nested', 'data')
    const first = loadEnv({ DATA_DIR: dir })
    expect(first.APP_SECRET).toMatch(/^[0-9a-f]{64}$/)
    const file = join(dir, 'app-secret')
    expect(readFileSync(file, 'utf8').trim()).toBe(first.APP_SECRET)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(loadEnv({ DATA_DIR: dir }).APP_SECRET).toBe(first.APP_SECRET)
    expect(loadEnv({ DATA_DIR: dir, NODE_ENV: 'test' }).APP_SECRET).toBe(first.APP_SECRET)
  })

  it('prefers APP_SECRET from the environment over the kept one', () => {
    loadEnv({ DATA_DIR: dataDir })
    expect(loadEnv({ DATA_DIR: dataDir, APP_SECRET: SECRET }).APP_SECRET).toBe(SECRET)
  })

  it('replaces a kept secret file that is empty (a start cut short while writing it)', () => {
    writeFileSync(join(dataDir, 'app-secret'), '\n')
    const env = loadEnv({ DATA_DIR: dataDir })
    expect(env.APP_SECRET).toMatch(/^[0-9a-f]{64}$/)
    expect(readFileSync(join(dataDir, 'app-secret'), 'utf8').trim()).toBe(env.APP_SECRET)
  })
})
