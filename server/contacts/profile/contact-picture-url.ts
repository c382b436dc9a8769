// The names storeTenantImage hands out (server/files/tenant-uploads.ts): nothing else is served.
const uploadName = /^[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|webp)$/

/**
 * Where a contact's picture is served, from its stored key: an upload of the tenant (a bare
 * name, or its '/uploads/<name>' address). Null for no key or one that is not an upload name,
 * so a bad value shows the initials instead of a broken image or a foreign address.
 */
export function contactPictureUrl(pictureKey: string | null): string | null {
  if (!pictureKey) return null
  const name = pictureKey.startsWith('/uploads/') ? pictureKey.slice('/uploads/'.length) : pictureKey
  return uploadName.test(name) ? `/uploads/${name}` : null
}
