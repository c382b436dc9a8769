/**
 * The product version the tenant ping and the footer show. The ping's tenant config itself is
 * built by server/tenancy/tenant-config.ts.
 */
export const PRODUCT_VERSION = 'v6.4 December 2022'
