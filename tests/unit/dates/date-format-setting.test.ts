import { describe, expect, it } from 'vitest'
import { readTenantSettings } from '#server/tenancy/tenant-settings'

describe('the date format setting', () => {
  it("is 'MM/dd/YYYY' until the tenant chooses one", () => {
    expect(readTenantSettings({}).dateFormat).toBe('MM/dd/YYYY')
  })

  it('keeps an option of the spec and drops anything else, keeping the other settings', () => {
    expect(readTenantSettings({ dateFormat: 'dd/MM/YYYY' }).dateFormat).toBe('dd/MM/YYYY')
    const damaged = readTenantSettings({ dateFormat: 'YYYY.MM.dd', timezone: 'Asia/Kolkata' })
    expect(damaged.dateFormat).toBe('MM/dd/YYYY')
    expect(damaged.timezone).toBe('Asia/Kolkata')
  })
})
