import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { asSystem } from '#db/tenant-scope'
import { seedDatabase } from '#db/seed'
import { hashPassword } from '#server/auth/password'
import { createHttpApp } from '#server/http/create-http-app'
import type { Tenant } from '#server/tenancy/tenant'
import { createSessionCookie } from '#tests/support/sessions'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { ensureBuilt } from './ensure-built'

/** The built app over a real socket, on a seeded database, with the demo admin signed in. */
export interface DemoHttpApp {
  platform: TestPlatform
  port: number
  /** `demo.localhost:<port>` */
  host: string
  demo: Tenant
  adminId: string
  /** The Cookie header of a session of the demo admin. */
  adminCookie: string
  close(): Promise<void>
}

/**
 * Starts the express app with the production Remix build (built first when sources changed)
 * on a new test database seeded with the demo tenant. `prepare` runs after seeding and before
 * the app starts (to change the tenant's settings, say).
 */
export async function startDemoHttpApp(options: { prepare?: (platform: TestPlatform, demo: Tenant) => Promise<void>; env?: Partial<Record<string, string>> } = {}): Promise<DemoHttpApp> {
  ensureBuilt()
  const build = (await import(/* @vite-ignore */ pathToFileURL(resolve('build/index.js')).href)) as ServerBuild
  const platform = await createTestPlatform(options.env)
  await seedDatabase(platform.database, { masterOrgId: 'master', includeDemo: true, demoPassword: 'demo-http-app-password', hashPassword })
  const seeded = await platform.tenants.findByOrgId('demo')
  if (!seeded) throw new Error('demo tenant missing after seeding')
  await options.prepare?.(platform, seeded)
  const demo = (await platform.tenants.findByOrgId('demo')) ?? seeded
  const admin = await asSystem(platform.database, 'test: the demo admin', (trx) =>
    trx.selectFrom('contacts').select('id').where('tenant_id', '=', demo.id).where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow(),
  )
  const adminCookie = await createSessionCookie(platform, demo, admin)
  const app = createHttpApp({ platform, build, publicDir: resolve('public') })
  const server = await new Promise<Server>((done) => {
    const listening = createServer(app).listen(0, '127.0.0.1', () => done(listening))
  })
  const port = (server.address() as AddressInfo).port
  return {
    platform,
    port,
    host: `demo.localhost:${port}`,
    demo,
    adminId: admin.id,
    adminCookie,
    async close() {
      await new Promise((done) => server.close(done))
      await platform.close()
    },
  }
}
