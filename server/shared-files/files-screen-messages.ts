/** The answers of the staff Files screen (/files and /files/{id}); the layout translates the toasts. */
export const FILES_SCREEN_MESSAGES = {
  unreadableRequest: 'This request could not be read. Try again.',
  unreadableUpload: 'The upload could not be read. Try again.',
  uploadedOne: 'File uploaded.',
  uploadedMany: (count: number) => `${count} files uploaded.`,
  shared: 'File shared.',
  sharedWithAll: 'File shared with all students.',
  unshared: 'No longer shared.',
  unsharedAll: 'No longer shared with all students.',
  renamed: 'File renamed.',
  deleted: 'File deleted.',
} as const
