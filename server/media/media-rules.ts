import { MAX_IMAGE_BYTES } from '#server/files/upload-limits'
import { LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'

/**
 * The media gallery's limits and words (website spec 5, Upload: "only image and video, max
 * 10485760 bytes"). Plain values, so the staff screen can say them before anything is sent.
 */
export const MAX_MEDIA_BYTES = MAX_IMAGE_BYTES

/** The file input's name: one file with JavaScript (one request each), several without. */
export const MEDIA_INPUT = 'files'

/** A post without JavaScript carries at most this many files (the body limit binds sooner). */
export const MAX_FILES_PER_POST = 20

/** What the file picker offers; the server decides by the bytes, never by this. */
export const MEDIA_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,video/mp4,video/webm'

export const MAX_ALT_TEXT = 250

/** Items per page, on the staff screen and on the public gallery. */
export const MEDIA_PAGE_SIZE = 24

export const MEDIA_MESSAGES = {
  notMedia: 'Only images and videos can be uploaded: PNG, JPEG, GIF or WebP images, MP4 or WebM videos.',
  tooLarge: 'The file is larger than 10 MB.',
  oneTooLarge: 'One of the files is larger than 10 MB. Nothing was uploaded.',
  chooseFiles: 'Choose one or more images or videos to upload.',
  tooMany: `Choose at most ${MAX_FILES_PER_POST} files at a time.`,
  unreadable: 'The files could not be read. Please try again.',
  notFound: 'Media not found',
  altTooLong: `Alt text must be at most ${MAX_ALT_TEXT} characters.`,
  titleTooLong: `The title must be at most ${MAX_ALT_TEXT} characters.`,
  altSaved: 'Alt text saved.',
  titleSaved: 'Title saved.',
  imageDeleted: 'Image deleted.',
  videoDeleted: 'Video deleted.',
} as const

export function uploadedMessage(count: number): string {
  return count === 1 ? '1 file uploaded.' : `${count} files uploaded.`
}

export function refusedMessage(refused: number, of: number): string {
  return `${refused} of ${of} files cannot be uploaded. Nothing was uploaded.`
}

/** "850 KB", "2.4 MB" ("2,4 MB" in Turkish): what staff read beside a file. */
export function byteSizeText(bytes: number, language: Language = 'en'): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  const megabytes = bytes / (1024 * 1024)
  if (language === 'en') return `${megabytes.toFixed(1)} MB`
  return `${megabytes.toLocaleString(LANGUAGE_LOCALES[language], { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false })} MB`
}
