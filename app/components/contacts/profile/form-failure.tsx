import type { ProfileFormFailure } from '#server/contacts/profile/profile-forms'

/** A refused post's messages that belong to no one field, read out when they appear. */
export function FormFailure({ failure, fields = [] }: { failure: ProfileFormFailure | undefined; fields?: readonly string[] }) {
  if (!failure) return null
  // Messages of fields this form has no control for are shown here too, so none is lost.
  const loose = Object.entries(failure.fieldErrors)
    .filter(([field]) => !fields.includes(field))
    .flatMap(([, messages]) => messages)
  const messages = [...failure.formErrors, ...loose].filter((message, index, all) => all.indexOf(message) === index)
  if (messages.length === 0) return null
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {messages.join(' ')}
    </p>
  )
}
