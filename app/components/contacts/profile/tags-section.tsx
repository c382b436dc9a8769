import { Tag, X } from 'lucide-react'
import { useId, useRef } from 'react'
import type { TagView } from '#server/contacts/profile/list-contact-tags'
import { TAG_NAME_MAX_LENGTH } from '#server/contacts/profile/profile-forms'
import { profilePath } from '#server/contacts/profile/profile-tabs'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'
import { FormFailure } from './form-failure'
import { useProfileForm } from './use-profile-form'

function RemoveTagButton({ guId, tag }: { guId: string; tag: TagView }) {
  const { t } = useContactsWords()
  const { fetcher, failure, busy, onSubmit } = useProfileForm('remove-tag', { pageFailure: false })
  return (
    <li className="flex flex-col gap-1">
      <fetcher.Form onSubmit={onSubmit} method="post" action={profilePath(guId, 'tags')} preventScrollReset className="inline-flex items-center gap-1 rounded-full bg-brand/10 py-0.5 pr-0.5 pl-3 text-sm font-medium text-brand-text">
        <input type="hidden" name="intent" value="remove-tag" />
        <input type="hidden" name="tagId" value={tag.id} />
        {tag.name}
        <button
          type="submit"
          disabled={busy}
          aria-label={t('tags_remove', { name: tag.name })}
          className="rounded-full p-1 hover:bg-brand/20 focus-visible:outline-2 focus-visible:outline-brand-text disabled:opacity-60"
        >
          <X aria-hidden className="h-3.5 w-3.5" />
        </button>
      </fetcher.Form>
      <FormFailure failure={failure} />
    </li>
  )
}

function AddTagForm({ guId, others }: { guId: string; others: TagView[] }) {
  const form = useRef<HTMLFormElement>(null)
  const listId = useId()
  const { t } = useContactsWords()
  const { fetcher, failure, busy, onSubmit } = useProfileForm('add-tag', { onDone: () => form.current?.reset() })
  return (
    <fetcher.Form onSubmit={onSubmit} ref={form} method="post" action={profilePath(guId, 'tags')} preventScrollReset className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="add-tag" />
      <FormFailure failure={failure} fields={['tagName']} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field
          id="tag-name"
          label={t('tags_addATag')}
          hint={t('tags_hint')}
          errors={failure?.fieldErrors.tagName}
          className="sm:w-80"
        >
          {(control) => (
            <input
              {...control}
              name="tagName"
              list={listId}
              required
              maxLength={TAG_NAME_MAX_LENGTH}
              autoComplete="off"
              defaultValue={failure?.values.tagName ?? ''}
              className={FIELD_INPUT_CLASSES}
            />
          )}
        </Field>
        <Button type="submit" variant="primary" busy={busy} className="sm:mt-7">
          {t('addTag')}
        </Button>
      </div>
      <datalist id={listId}>
        {others.map((tag) => (
          <option key={tag.id} value={tag.name} />
        ))}
      </datalist>
    </fetcher.Form>
  )
}

/** The contact's tags with a remove button each, and a field that adds one or creates it. */
export function TagsSection({ guId, tags, others }: { guId: string; tags: TagView[]; others: TagView[] }) {
  const { t } = useContactsWords()
  const { failure } = useProfileForm('remove-tag')
  return (
    <Card title={t('tags_title')}>
      <div className="flex flex-col gap-5">
        {tags.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Tag aria-hidden className="h-4 w-4" />
            {t('tags_none')}
          </p>
        ) : (
          <ul aria-label={t('tags_ofContact')} className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <RemoveTagButton key={tag.id} guId={guId} tag={tag} />
            ))}
          </ul>
        )}
        {/* Without JavaScript a refused removal comes back to the page, not to one button. */}
        <FormFailure failure={failure} />
        <AddTagForm guId={guId} others={others} />
      </div>
    </Card>
  )
}
