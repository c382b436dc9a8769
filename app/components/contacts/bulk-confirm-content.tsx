import type { BulkContactAction } from '#server/contacts/bulk-contact-action'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'

/** What the tag form of a bulk confirmation got wrong, by field. */
export type BulkTagErrors = Partial<Record<'tagId' | 'newTag' | 'mode', string[]>>

export const BULK_CONFIRM_TITLES: Record<BulkContactAction, string> = {
  delete: 'Delete contacts',
  tag: 'Tag contacts',
  export: 'Export contacts',
}

export const BULK_YES_LABELS: Record<BulkContactAction, string> = {
  delete: 'Yes, delete',
  tag: 'Yes, apply',
  export: 'Yes, download',
}

const contacts = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'contact' : 'contacts'}`

/**
 * The content of a bulk confirmation (the spec's 'HTML content'), the same in the dialog and on
 * the page that stands in for it without JavaScript: what will happen to how many people, and
 * for a tag, which tag.
 */
export function BulkConfirmContent({
  action,
  count,
  notFound,
  allMatching,
  tags,
  formError,
  tagErrors,
}: {
  action: BulkContactAction
  count: number
  notFound: number
  allMatching: boolean
  tags: Array<{ id: string; name: string }>
  formError?: string | null
  tagErrors?: BulkTagErrors
}) {
  const who = allMatching ? `all ${contacts(count)} that match the filter` : `the ${contacts(count)} selected`
  return (
    <>
      {formError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          {formError}
        </p>
      ) : null}
      {action === 'delete' ? (
        <>
          <p>
            Delete <strong>{who}</strong>? This cannot be undone.
          </p>
          <ul className="list-disc pl-5 text-slate-600">
            <li>Contacts with form submissions are archived instead, so their records are kept.</li>
            <li>Contacts with a staff login, and your own, are never deleted.</li>
          </ul>
        </>
      ) : action === 'tag' ? (
        <>
          <p>
            Add a tag to <strong>{who}</strong>, or remove one from them.
          </p>
          <fieldset className="flex gap-4">
            <legend className="sr-only">Add or remove</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="add" defaultChecked className="h-4 w-4 accent-brand" /> Add tag
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="remove" className="h-4 w-4 accent-brand" /> Remove tag
            </label>
          </fieldset>
          {tags.length > 0 ? (
            <Field id="bulk-tag-id" label="Existing tag" errors={tagErrors?.tagId}>
              {(control) => (
                <select {...control} name="tagId" defaultValue="" data-autofocus className={FIELD_INPUT_CLASSES}>
                  <option value="">Choose a tag</option>
                  {tags.map((tag) => (
                    <option key={tag.id} value={tag.id}>
                      {tag.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          <Field id="bulk-new-tag" label={tags.length > 0 ? 'Or a new tag' : 'New tag'} hint="Up to 100 characters; a name that exists in any case is that tag." errors={tagErrors?.newTag ?? (tags.length === 0 ? tagErrors?.tagId : undefined)}>
            {(control) => <input {...control} name="newTag" type="text" maxLength={100} autoComplete="off" data-autofocus={tags.length === 0 ? true : undefined} className={FIELD_INPUT_CLASSES} />}
          </Field>
        </>
      ) : (
        <p>
          Download <strong>{who}</strong> as a CSV file, with their custom fields?
        </p>
      )}
      {notFound > 0 ? (
        <p className="text-slate-600">
          {contacts(notFound)} of the selection {notFound === 1 ? 'was' : 'were'} not found (deleted meanwhile, or not of this studio) and will be left alone.
        </p>
      ) : null}
    </>
  )
}
