import { seedDatabase } from '#db/seed'
import { withTenant } from '#db/tenant-scope'
import { hashPassword } from '#server/auth/password'
import { loadFormDefinition } from '#server/forms/form-definition'
import { listPublishedForms } from '#server/forms/list-published-forms'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

let platform: TestPlatform
beforeAll(async () => {
  platform = await createTestPlatform()
  await seedDatabase(platform.database, { masterOrgId: 'master', includeDemo: true, demoPassword: 'demo-password-1', hashPassword })
})
afterAll(() => platform.close())

describe('the demo tenant’s form', () => {
  it('is published as Trial Class Registration: Name, Email, Phone, a dropdown, a checkbox, a text area and a required signature', async () => {
    const demo = await platform.tenants.findByOrgId('demo')
    if (!demo) throw new Error('no demo tenant')
    const forms = await listPublishedForms(platform.database, demo)
    expect(forms.map((form) => form.name)).toEqual(['Trial Class Registration'])
    const form = await withTenant(platform.database, demo.id, (trx) => loadFormDefinition(trx, { guId: forms[0].guId }))
    expect(form).toMatchObject({ isName: true, isEmail: true, isPhone: true, isSignRequired: true, isPublished: true })
    expect(form?.fields.map((field) => [field.type, field.sequence])).toEqual([
      ['dropdown', 1],
      ['checkbox', 2],
      ['textarea', 3],
    ])
  })

  it('is not given to the other tenants', async () => {
    for (const orgId of ['master', 'demo-east']) {
      const tenant = await platform.tenants.findByOrgId(orgId)
      if (!tenant) throw new Error(`no ${orgId}`)
      expect(await listPublishedForms(platform.database, tenant)).toEqual([])
    }
  })
})
