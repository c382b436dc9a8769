/**
 * The picture form that a contact's profile (staff) and My Profile (the person themselves)
 * both post: one file input and two intents.
 */
export const PICTURE_INPUT = 'picture'

export const PICTURE_INTENTS = ['upload-picture', 'remove-picture'] as const
export type PictureIntent = (typeof PICTURE_INTENTS)[number]

export const CONTACT_PICTURE_MESSAGES = {
  chooseImage: 'Choose an image to upload.',
  updated: 'Picture updated successfully',
  removed: 'Picture removed successfully',
  notFound: 'Contact not found',
} as const

/** What a refused picture post answers; told apart from the page's other replies by `pictureForm`. */
export interface PictureFormFailure {
  pictureForm: PictureIntent
  message: string
}

export function isPictureIntent(value: unknown): value is PictureIntent {
  return (PICTURE_INTENTS as readonly unknown[]).includes(value)
}

export function isPictureFormFailure(value: unknown): value is PictureFormFailure {
  return typeof value === 'object' && value !== null && isPictureIntent((value as { pictureForm?: unknown }).pictureForm)
}
