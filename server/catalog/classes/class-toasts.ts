/** What the class screens say after a change, in the spec's words (translated where shown). */
export const CLASS_TOASTS = {
  classAdded: (name: string) => `Class ${name} added.`,
  classSaved: 'Class saved.',
  ruleAdded: 'Schedule added.',
  ruleChanged: 'Schedule changed from today on.',
  ruleRemoved: 'Schedule removed from today on.',
  archived: (name: string) => `${name} archived.`,
  restored: (name: string) => `${name} restored.`,
  roomAdded: (name: string) => `Room ${name} added.`,
} as const

/** The refusal of a new meeting link for a class or event that names no known provider. */
export const MEETING_LINK_REFUSALS = {
  chooseProvider: 'Please choose Zoom or Google Meet.',
} as const
