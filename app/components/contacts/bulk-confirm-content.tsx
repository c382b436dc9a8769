import type { BulkContactAction } from '#server/contacts/bulk-contact-action'
import { Trans } from 'react-i18next'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { useContactsWords } from './use-contacts-words'

/** What the tag form of a bulk confirmation got wrong, by field. */
export type BulkTagErrors = Partial<Record<'tagId' | 'newTag' | 'mode', string[]>>

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
  const { t, contactCount: contacts } = useContactsWords()
  const who = allMatching ? t('whoAllMatching', { contacts: contacts(count) }) : t('whoSelected', { contacts: contacts(count) })
  // The sentences hold the <strong> around who is meant, wherever each language puts it.
  const sentence = (key: 'bulkDeleteQuestion' | 'bulkTagQuestion' | 'bulkExportQuestion') => <Trans t={t} i18nKey={key} values={{ who }} components={{ strong: <strong /> }} />
  return (
    <>
      {formError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          {formError}
        </p>
      ) : null}
      {action === 'delete' ? (
        <>
          <p>{sentence('bulkDeleteQuestion')}</p>
          <ul className="list-disc pl-5 text-slate-600">
            <li>{t('bulkDeleteArchived')}</li>
            <li>{t('bulkDeleteNever')}</li>
          </ul>
        </>
      ) : action === 'tag' ? (
        <>
          <p>{sentence('bulkTagQuestion')}</p>
          <fieldset className="flex gap-4">
            <legend className="sr-only">{t('addOrRemove')}</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="add" defaultChecked className="h-4 w-4 accent-brand" /> {t('addTag')}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="remove" className="h-4 w-4 accent-brand" /> {t('removeTag')}
            </label>
          </fieldset>
          {tags.length > 0 ? (
            <Field id="bulk-tag-id" label={t('existingTag')} errors={tagErrors?.tagId}>
              {(control) => (
                <select {...control} name="tagId" defaultValue="" data-autofocus className={FIELD_INPUT_CLASSES}>
                  <option value="">{t('chooseTag')}</option>
                  {tags.map((tag) => (
                    <option key={tag.id} value={tag.id}>
                      {tag.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          <Field id="bulk-new-tag" label={tags.length > 0 ? t('orNewTag') : t('newTag')} hint={t('newTagHint')} errors={tagErrors?.newTag ?? (tags.length === 0 ? tagErrors?.tagId : undefined)}>
            {(control) => <input {...control} name="newTag" type="text" maxLength={100} autoComplete="off" data-autofocus={tags.length === 0 ? true : undefined} className={FIELD_INPUT_CLASSES} />}
          </Field>
        </>
      ) : (
        <p>{sentence('bulkExportQuestion')}</p>
      )}
      {notFound > 0 ? (
        <p className="text-slate-600">
          {t('notFoundInSelection', { count: notFound, contacts: contacts(notFound) })}
        </p>
      ) : null}
    </>
  )
}
