import { archivedMessage, unarchivedMessage } from './archive-item'

/** What the item editor says after a change, in the spec's words (translated where shown). */
export const ITEM_TOASTS = {
  added: (name: string) => `${name} is added successfully.`,
  updated: (name: string) => `${name} is updated successfully.`,
  archived: archivedMessage,
  unarchived: unarchivedMessage,
} as const
