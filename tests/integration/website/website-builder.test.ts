import { asSystem } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { MASTER_TEMPLATES } from '#server/website/master-templates'
import { TEMPLATE_MESSAGES } from '#server/website/builder/template-messages'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { form, textOf, toastOf } from '#tests/integration/http/answers'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`the website builder at /website (${engine})`, () => {
  let app: DemoHttpApp
  let other: Tenant
  let otherHost = ''
  let otherAdminCookie = ''
  let staffCookie = ''
  let studentCookie = ''

  const get = (path: string, cookie: string, host = app.host) => request(app.port, path, { host, headers: { cookie } })
  const post = (path: string, fields: Record<string, string>, cookie = app.adminCookie, host = app.host) =>
    request(app.port, path, { host, method: 'POST', body: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, cookie } })
  const pages = (tenantId = app.demo.id) =>
    asSystem(app.platform.database, 'test: pages', (trx) =>
      trx
        .selectFrom('web_pages')
        .select(['id', 'name', 'title', 'url', 'sequence', 'is_published', 'is_external_link', 'external_link', 'is_show_navigation', 'is_show_footer', 'html', 'css', 'design'])
        .where('tenant_id', '=', tenantId)
        .orderBy('sequence')
        .orderBy('name')
        .execute(),
    )
  const page = async (name: string, tenantId = app.demo.id) => (await pages(tenantId)).find((row) => row.name === name)
  const templates = (tenantId = app.demo.id) =>
    asSystem(app.platform.database, 'test: templates', (trx) => trx.selectFrom('web_templates').select(['id', 'name', 'page_type', 'html']).where('tenant_id', '=', tenantId).execute())
  const addPage = async (cookie = app.adminCookie, host = app.host) => {
    const added = await post('/website', { intent: 'add' }, cookie, host)
    expect(added.status).toBe(302)
    const name = new URL(added.headers.location ?? '', 'http://x').searchParams.get('page') ?? ''
    expect(name).toMatch(/^[1-9]\d{3}$/)
    expect(toastOf(added)).toBe(`${name} page added.`)
    return name
  }

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const people = await asSystem(app.platform.database, 'test: people', (trx) =>
      trx.selectFrom('contacts').select(['id', 'email']).where('tenant_id', '=', app.demo.id).where('email', 'in', ['staff@demo.test', 'student@demo.test']).execute(),
    )
    const staff = people.find((person) => person.email === 'staff@demo.test')
    const student = people.find((person) => person.email === 'student@demo.test')
    if (!staff || !student) throw new Error('demo people missing')
    staffCookie = await createSessionCookie(app.platform, app.demo, staff)
    studentCookie = await createSessionCookie(app.platform, app.demo, student)
    other = await createTenant(app.platform, { name: 'Other studio' })
    otherHost = `${other.orgId}.localhost:${app.port}`
    const otherAdmin = await createContact(app.platform, other, { role: 'ROLE_ADMIN', firstName: 'Olive', lastName: 'Owner' })
    otherAdminCookie = await createSessionCookie(app.platform, other, otherAdmin)
  }, 120_000)

  afterAll(async () => {
    await app?.close()
  })

  it('shows every page with the home page selected, to staff but not to students', async () => {
    const screen = await get('/website', app.adminCookie)
    expect(screen.status).toBe(200)
    const text = textOf(screen.body)
    expect(text).toContain('Website - Lets build a website')
    for (const title of ['Home', 'About Us', 'Contact Us', 'Privacy Policy']) expect(text).toContain(title)
    expect(screen.body).toMatch(/aria-current="page"[^>]*>\s*<span[^>]*>Home</)
    // Home keeps its title and cannot be deleted.
    expect(screen.body).not.toContain('Rename Home')
    expect(text).not.toContain('Delete')
    // Its hero is edited in place, as every page's with a body.
    expect(screen.body).toMatch(/<input[^>]+name="header"[^>]+value="Welcome to Demo Yoga Studio"|<input[^>]+value="Welcome to Demo Yoga Studio"[^>]+name="header"/)

    const byStaff = await get('/website?page=about', staffCookie)
    expect(byStaff.status).toBe(200)
    expect(byStaff.body).toContain('placeholder="Hero text here"')
    expect(byStaff.body).not.toContain('href="/settings/website"')

    const byStudent = await get('/website', studentCookie)
    expect([302, 403]).toContain(byStudent.status)
    expect(byStudent.body).not.toContain('Lets build a website')
  })

  it('adds a private page with a random number, renames it (and its address), and refuses bad names writing nothing', async () => {
    const name = await addPage()
    const added = await page(name)
    expect(added).toMatchObject({ title: name, url: name, is_published: false })
    expect(added?.sequence).toBe(Math.max(...(await pages()).map((row) => row.sequence)))

    const before = await page(name)
    for (const [title, message] of [
      ['', 'Page Name is required!'],
      ['   ', 'Page Name is required!'],
      ['x'.repeat(101), 'Page Name must be at most 100 characters.'],
      ['Contacts', 'Another page or screen already uses the address /contacts. Choose another name.'],
      ['About', 'Another page or screen already uses the address /about. Choose another name.'],
    ] as const) {
      const refused = await post('/website', { intent: 'rename', page: name, title })
      expect(refused.status).toBe(400)
      expect(textOf(refused.body)).toContain(message)
    }
    expect(await page(name)).toEqual(before)

    const renamed = await post('/website', { intent: 'rename', page: name, title: 'Our Prices' })
    expect(renamed.status).toBe(302)
    expect(toastOf(renamed)).toBe('Our Prices is updated successfully.')
    expect(await page(name)).toMatchObject({ title: 'Our Prices', url: 'our-prices' })

    const home = await post('/website', { intent: 'rename', page: 'home', title: 'Start' })
    expect(home.status).toBe(400)
    expect((await page('home'))?.title).toBe('Home')
    // A standard page keeps its address when renamed.
    expect((await post('/website', { intent: 'rename', page: 'about', title: 'Who we are' })).status).toBe(302)
    expect(await page('about')).toMatchObject({ title: 'Who we are', url: 'about' })
    await post('/website', { intent: 'rename', page: 'about', title: 'About Us' })
  })

  it('publishes and hides a page, with the spec words, and the public site follows', async () => {
    const name = await addPage()
    await post('/website', { intent: 'rename', page: name, title: 'Summer Camp' })
    const hidden = await request(app.port, '/summer-camp', { host: app.host })
    expect(hidden.status).toBe(404)
    // A page drawn around the site (checkout) keeps its menus per studio: they follow at once too.
    const menuLinksTo = async (path: string) => (await request(app.port, '/checkout', { host: app.host })).body.includes(`href="${path}"`)
    expect(await menuLinksTo('/summer-camp')).toBe(false)

    const published = await post('/website', { intent: 'publish', page: name, published: 'true' })
    expect(toastOf(published)).toBe('Summer Camp Page is Published.')
    const saved = await post(`/website/edit/${name}`, { intent: 'save', mode: 'html', html: '<h2>Camp</h2><p>Days in the sun.</p>', source: 'HTML template' })
    expect(saved.status).toBe(302)
    const shown = await request(app.port, '/summer-camp', { host: app.host })
    expect(shown.status).toBe(200)
    expect(textOf(shown.body)).toContain('Days in the sun.')
    expect(shown.body).toMatch(/href="\/summer-camp"/)
    expect(await menuLinksTo('/summer-camp')).toBe(true)

    const made = await post('/website', { intent: 'publish', page: name, published: 'false' })
    expect(toastOf(made)).toBe('Summer Camp Page is Private.')
    expect((await request(app.port, '/summer-camp', { host: app.host })).status).toBe(404)
    expect(await menuLinksTo('/summer-camp')).toBe(false)
  })

  it('turns a page into an external link: the address is required and checked, flipping saves at once', async () => {
    const name = await addPage()
    const flipped = await post('/website', { intent: 'mode', page: name, mode: 'external' })
    expect(flipped.status).toBe(302)
    expect((await page(name))?.is_external_link).toBe(true)
    const screen = await get(`/website?page=${name}`, app.adminCookie)
    expect(textOf(screen.body)).toContain('Enter URL')
    expect(textOf(screen.body)).toContain(`Enter absolute page address e.g ${app.host}/services`)

    for (const [externalLink, message] of [
      ['', 'URL is required!'],
      ['not a url', 'Enter a web address such as example.com/services.'],
      ['javascript:alert(1)', 'Enter a web address such as example.com/services.'],
      ['http://localhost', 'Enter a web address such as example.com/services.'],
    ] as const) {
      const refused = await post('/website', { intent: 'link', page: name, externalLink })
      expect(refused.status).toBe(400)
      expect(textOf(refused.body)).toContain(message)
    }
    expect((await page(name))?.external_link).toBeNull()
    for (const externalLink of ['example.com/services', 'https://shop.example.org/a?b=c', 'ftp://files.example.net/x']) {
      expect((await post('/website', { intent: 'link', page: name, externalLink })).status).toBe(302)
      expect((await page(name))?.external_link).toBe(externalLink)
    }
    expect((await post('/website', { intent: 'mode', page: name, mode: 'internal' })).status).toBe(302)
    expect(await page(name)).toMatchObject({ is_external_link: false, external_link: 'ftp://files.example.net/x' })
  })

  it('switches the navigation and footer links with "Updated successfully."', async () => {
    const answer = await post('/website', { intent: 'settings', page: 'contact', isShowNavigation: 'false', isShowFooter: 'true' })
    expect(answer.status).toBe(302)
    expect(toastOf(answer)).toBe('Updated successfully.')
    expect(answer.headers.location).toBe('/website?page=contact&settings=1')
    expect(await page('contact')).toMatchObject({ is_show_navigation: false, is_show_footer: true })
    const dialog = await get('/website?page=contact&settings=1', app.adminCookie)
    expect(textOf(dialog.body)).toContain('Hide page link from Navigation bar')
    expect(textOf(dialog.body)).toContain('Show page link on Footer')
    await post('/website', { intent: 'settings', page: 'contact', isShowNavigation: 'true', isShowFooter: 'true' })
  })

  it('deletes a custom page and returns to home; refuses the pages every website keeps', async () => {
    for (const name of ['home', 'about', 'contact', 'calendar', 'donations', 'forms', 'events', 'courses', 'mediagallery', 'privacypolicy', 'termsofservice']) {
      const refused = await post('/website', { intent: 'delete', page: name })
      expect(refused.status).toBe(409)
      expect(await page(name)).toBeDefined()
    }
    const name = await addPage()
    const asked = await get(`/website?page=${name}&confirm=delete`, app.adminCookie)
    expect(textOf(asked.body)).toContain('Are you sure you want to delete this page?')
    const deleted = await post('/website', { intent: 'delete', page: name })
    expect(deleted.status).toBe(302)
    expect(deleted.headers.location).toBe('/website?page=home')
    expect(toastOf(deleted)).toBe(`${name} is deleted successfully.`)
    expect(await page(name)).toBeUndefined()
    expect((await post('/website', { intent: 'delete', page: name })).status).toBe(404)
  })

  it('stores a new order of every page, refuses a partial one, and moves a page one place', async () => {
    const before = await pages()
    const reversed = [...before].reverse().map((row) => row.id)
    const saved = await post('/website', { intent: 'sequence', ids: reversed.join(','), page: 'home' })
    expect(saved.status).toBe(302)
    expect(toastOf(saved)).toBe('Sequence updated.')
    const after = await pages()
    expect(after.map((row) => row.id)).toEqual(reversed)
    expect(after.map((row) => row.sequence)).toEqual(after.map((_, index) => index + 1))

    const partial = await post('/website', { intent: 'sequence', ids: reversed.slice(1).join(','), page: 'home' })
    expect(partial.status).toBe(302)
    expect(toastOf(partial)).toBe('Some error occured. Please try again.')
    const foreign = (await pages(other.id))[0]?.id ?? ''
    expect(toastOf(await post('/website', { intent: 'sequence', ids: [...reversed.slice(1), foreign].join(','), page: 'home' }))).toBe('Some error occured. Please try again.')
    expect((await pages()).map((row) => row.id)).toEqual(reversed)

    const second = after[1]?.name ?? ''
    expect((await post('/website', { intent: 'move', page: second, by: 'up' })).status).toBe(302)
    expect((await pages())[0]?.name).toBe(second)
  })

  it("answers 404 for another studio's page, and writes nothing there", async () => {
    const theirs = await addPage(otherAdminCookie, otherHost)
    const before = await page(theirs, other.id)
    const attempts: Record<string, string>[] = [
      { intent: 'rename', page: theirs, title: 'Hijacked' },
      { intent: 'publish', page: theirs, published: 'true' },
      { intent: 'delete', page: theirs },
      { intent: 'link', page: theirs, externalLink: 'evil.example.com' },
    ]
    for (const fields of attempts) {
      // The demo studio may by chance hold a page of the same number; skip the check then.
      if (await page(theirs)) continue
      expect((await post('/website', fields)).status).toBe(404)
    }
    if (!(await page(theirs))) {
      expect((await get(`/website/edit/${theirs}`, app.adminCookie)).status).toBe(404)
      expect((await post(`/website/edit/${theirs}`, { intent: 'save', mode: 'html', html: '<p>x</p>' })).status).toBe(404)
    }
    expect(await page(theirs, other.id)).toEqual(before)
  })

  it('opens the editor at the gallery for home, at editing for other pages; lists the shared templates with search and paging', async () => {
    const home = await get('/website/edit/home', app.adminCookie)
    expect(home.status).toBe(200)
    const text = textOf(home.body)
    for (const step of ['Select Template', 'Edit Page', 'Preview']) expect(text).toContain(step)
    expect(text).toContain('Empty Template')
    expect(text).toContain('HTML template')
    expect(home.body).toContain('placeholder="Search Templates"')
    const firstShared = MASTER_TEMPLATES[0]
    expect(firstShared).toBeDefined()
    expect(text).toContain(firstShared?.name ?? '')

    const about = await get('/website/edit/about', app.adminCookie)
    expect(about.body).toMatch(/aria-current="step"[\s\S]{0,400}Edit Page/)

    // A page with content may skip the template choice, after a confirmation that is a plain GET.
    const choosing = await get('/website/edit/about?step=1', app.adminCookie)
    expect(choosing.body).toContain('href="/website/edit/about?step=1&amp;confirm=skip"')
    const skipping = await get('/website/edit/about?step=1&confirm=skip', app.adminCookie)
    expect(textOf(skipping.body)).toContain(TEMPLATE_MESSAGES.skipQuestion)
    expect(skipping.body).toMatch(/<form method="get" action="\/website\/edit\/about"[^>]*>[\s\S]{0,200}name="step" value="2"/)
    expect(textOf((await get('/website/edit/home?step=1&confirm=skip', app.adminCookie)).body)).toContain(TEMPLATE_MESSAGES.skipQuestion)

    const searched = await get(`/website/edit/home?step=1&q=${encodeURIComponent((MASTER_TEMPLATES[1]?.name ?? '').toUpperCase())}`, app.adminCookie)
    expect(textOf(searched.body)).toContain(MASTER_TEMPLATES[1]?.name ?? '')
    expect(textOf(searched.body)).not.toContain(MASTER_TEMPLATES[0]?.name ?? '')
    const none = await get('/website/edit/home?step=1&q=no-such-template-at-all', app.adminCookie)
    expect(textOf(none.body)).toContain('No templates match your search.')

    const second = await get('/website/edit/home?step=1&pageIndex=1&size=5', app.adminCookie)
    expect(second.status).toBe(200)
    expect(textOf(second.body)).not.toContain('Empty Template')

    // Listing pages and external links have no body to edit.
    expect((await get('/website/edit/events', app.adminCookie)).status).toBe(404)
    expect((await get('/website/edit/no-such-page', app.adminCookie)).status).toBe(404)
  })

  it('loads a shared template into the editor, previews it sanitised, and saves html and scoped css to the public page', async () => {
    const template = MASTER_TEMPLATES.find((entry) => entry.pageType === 'about') ?? MASTER_TEMPLATES[0]
    if (!template) throw new Error('no templates')
    const chosen = await get(`/website/edit/about?step=2&template=${template.id}`, app.adminCookie)
    expect(chosen.status).toBe(200)
    expect(textOf(chosen.body)).toContain(`Starting from: ${template.name}`)

    const html = `${template.html}<script>alert(1)</script><p onclick="steal()">Hello</p>`
    const css = `${template.css} body { background: url(javascript:alert(1)); } @import url(https://evil.example/x.css);`
    const preview = await post('/website/edit/about', { intent: 'preview', mode: 'visual', html, css, design: '', source: template.name })
    expect(preview.status).toBe(200)
    // The draft travels on in the form as typed; what the page draws is sanitised and scoped.
    const stepAt = preview.body.indexOf('id="step-heading"')
    const drawn = preview.body.slice(stepAt, preview.body.indexOf('<form', stepAt))
    expect(drawn).toContain('class="page-preview page-body"')
    expect(drawn).toContain(`.page-preview .tpl-${template.slug}`)
    expect(drawn).not.toContain('<script')
    expect(drawn).not.toContain('onclick')
    expect(drawn).not.toContain('evil.example')
    expect(drawn).not.toContain('javascript:')
    expect(preview.body).toMatch(/aria-current="step"[\s\S]{0,400}Preview/)

    const back = await post('/website/edit/about', { intent: 'back', mode: 'visual', html, css, design: '', source: template.name })
    expect(back.status).toBe(200)
    expect(back.body).toMatch(/aria-current="step"[\s\S]{0,400}Edit Page/)

    const saved = await post('/website/edit/about', { intent: 'save', mode: 'visual', html, css, design: '{"pages":[]}', source: template.name })
    expect(saved.status).toBe(302)
    expect(saved.headers.location).toBe('/website?page=about')
    expect(toastOf(saved)).toBe('About Us is updated successfully.')
    const stored = await page('about')
    expect(stored?.html).not.toContain('<script')
    expect(stored?.html).not.toContain('onclick')
    expect(stored?.design).toEqual({ pages: [] })

    const visitor = await request(app.port, '/about', { host: app.host })
    expect(visitor.status).toBe(200)
    expect(visitor.body).toContain(`class="tpl-${template.slug}`)
    expect(visitor.body).toContain(`.page-body .tpl-${template.slug}`)
    expect(visitor.body).not.toContain('evil.example')
    // A visitor gets the page as drawn: no modules and no route data carrying the body again.
    expect(visitor.body).toContain('<html lang="en" data-hydrates="false">')
    expect(visitor.body).not.toMatch(/<script[^>]*type="module"/)
    expect(visitor.body).not.toContain('modulepreload')
    expect(visitor.body.split(`class="tpl-${template.slug}`).length).toBe(2)
    // Staff in Web Preview get the scripts (the hero is edited in place, the session can expire).
    const previewCookie = await createSessionCookie(app.platform, app.demo, { id: app.adminId }, { state: { preview: { kind: 'web', staffContactId: app.adminId } } })
    const signedIn = await get('/about', previewCookie)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).not.toContain('data-hydrates')
    expect(signedIn.body).toMatch(/<script[^>]*type="module"/)
    expect(visitor.body).not.toContain('javascript:alert')
  })

  it("saves a design as the studio's own template, which only that studio sees and deletes", async () => {
    const before = (await templates()).length
    const unnamed = await post('/website/edit/contact', { intent: 'save-template', templateName: '  ', mode: 'visual', html: '<p>x</p>', css: '', design: '', source: 'x' })
    expect(unnamed.status).toBe(400)
    expect(textOf(unnamed.body)).toContain('Template Name is required!')
    expect((await templates()).length).toBe(before)

    const saved = await post('/website/edit/contact', {
      intent: 'save-template',
      templateName: 'Open day',
      mode: 'visual',
      html: '<section><h2>Open day</h2></section>',
      css: '.x{color:red}',
      design: '',
      source: 'x',
    })
    expect(saved.status).toBe(200)
    expect(textOf(saved.body)).toContain('Added template successfully')
    const own = (await templates()).find((row) => row.name === 'Open day')
    expect(own).toMatchObject({ page_type: 'contact' })
    const gallery = await get('/website/edit/home?step=1&q=open', app.adminCookie)
    expect(textOf(gallery.body)).toContain('Open day')
    expect(gallery.body).toContain(`Delete template Open day`)
    expect(textOf((await get('/website/edit/home?step=1&q=open', otherAdminCookie, otherHost)).body)).not.toContain('Open day')
    // Shared templates have no delete, and another studio's id deletes nothing.
    expect(gallery.body).not.toContain(`Delete template ${MASTER_TEMPLATES[0]?.name}`)
    expect((await post('/website/edit/home', { intent: 'delete-template', templateId: own?.id ?? '' }, otherAdminCookie, otherHost)).status).toBe(404)
    const master = await post('/website/edit/home', { intent: 'delete-template', templateId: MASTER_TEMPLATES[0]?.id ?? '' })
    expect(toastOf(master)).toBe('Shared templates cannot be deleted.')

    const asked = await get(`/website/edit/home?step=1&deleteTemplate=${own?.id}`, app.adminCookie)
    expect(textOf(asked.body)).toContain('Open day will be deleted, Are you sure?')
    const deleted = await post('/website/edit/home', { intent: 'delete-template', templateId: own?.id ?? '' })
    expect(deleted.status).toBe(302)
    expect(toastOf(deleted)).toBe('Template deleted successfully')
    expect((await templates()).length).toBe(before)
  })

  it('keeps the about page header and description from the builder', async () => {
    const saved = await post('/website', { intent: 'header', page: 'about', header: 'Meet the team', subHeader: 'Ten teachers, one studio.' })
    expect(saved.status).toBe(302)
    const visitor = await request(app.port, '/about', { host: app.host })
    expect(textOf(visitor.body)).toContain('Meet the team')
    expect(textOf(visitor.body)).toContain('Ten teachers, one studio.')
    const tooLong = await post('/website', { intent: 'header', page: 'about', header: 'x'.repeat(201), subHeader: '' })
    expect(tooLong.status).toBe(400)
    expect(textOf(tooLong.body)).toContain('The header must be at most 200 characters.')
  })
})
