import { describe, expect, test } from 'vitest'
import { useBrowser } from '#tests/e2e/support/browser'
import { signedInPage } from '#tests/e2e/support/login'
import { useServer } from '#tests/e2e/support/server'
import { expectPagesPassAxe, sameOriginPaths, WALK_TIMEOUT_MS, WIDTHS } from './walk'

const server = useServer()
const browser = useBrowser()

/** The form editor is checked with the forms (Quill's toolbars). */
const isFormEditor = (path: string) => path.startsWith('/customforms')

describe.each(WIDTHS)('signed-in screens, $name: axe finds nothing serious', ({ viewport }) => {
  test("a student's pages", async () => {
    const { page } = await signedInPage(browser, server(), { email: 'student@demo.test' }, { viewport })
    await expectPagesPassAxe(page, server().url('demo'), ['/classes', '/mycourses', '/profile'])
  }, WALK_TIMEOUT_MS)

  test('the dashboard, settings and every settings screen', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/settings' }, { viewport })
    const screens = (await sameOriginPaths(page, 'main')).filter((path) => path.startsWith('/settings/') && !isFormEditor(path))
    // Every tile of the settings screen, users and custom fields among them; customise is reached from the menu.
    expect(screens).toEqual(expect.arrayContaining(['/settings/users', '/settings/customfield']))
    await expectPagesPassAxe(page, server().url('demo'), ['/dashboard', '/settings', ...screens, '/settings/customise'])
  }, WALK_TIMEOUT_MS)

  test('the reports home', async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/reports' }, { viewport })
    await expectPagesPassAxe(page, server().url('demo'), ['/reports'])
  }, WALK_TIMEOUT_MS)

  test("a user's detail screen and the custom field and customise screens' own pages", async () => {
    const { page } = await signedInPage(browser, server(), { email: 'admin@demo.test', to: '/settings/users' }, { viewport })
    const users = (await sameOriginPaths(page, 'main table')).filter((path) => /^\/settings\/users\/[^/]+$/.test(path))
    expect(users.length).toBeGreaterThan(0)
    await page.goto(`${server().url('demo')}/settings/customise`)
    const customise = (await sameOriginPaths(page, 'main')).filter((path) => path.startsWith('/settings/customise/'))
    await expectPagesPassAxe(page, server().url('demo'), [users[0] ?? '', '/settings/users/add', ...customise.slice(0, 3)])
  }, WALK_TIMEOUT_MS)
})
