import { Link } from '@remix-run/react'
import { Plus } from 'lucide-react'
import type { MergeTagChoice } from '#server/email-templates/email-templates'
import { STANDARD_MERGE_TAGS, tagText, type StandardMergeTag } from '#server/email-templates/merge-tags'
import { useTemplatesWords } from './use-templates-words'

const CHIP =
  'inline-flex cursor-grab items-center rounded-full border px-3 py-1 text-xs font-medium active:cursor-grabbing focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text'

/**
 * The merge tags of the template editor as chips (settings spec): standard fields in orange,
 * the studio's custom fields in blue, and a green + that adds a custom field. A chip is dragged
 * into the subject or the message (it carries `{{tag}}` as text, which inputs and the editor
 * take on drop), or pressed to put its tag where the cursor last was.
 */
export function MergeTagChips({
  standard,
  custom,
  addFieldHref,
  onInsert,
}: {
  standard: readonly MergeTagChoice[]
  custom: readonly MergeTagChoice[]
  addFieldHref: string
  onInsert: (text: string) => void
}) {
  const { t } = useTemplatesWords()
  // A standard tag is named in the page's language; a custom field keeps the name the studio gave it.
  const labelOf = (choice: MergeTagChoice) => (isStandardTag(choice.tag) ? t(`mergeTag_${choice.tag}` as const) : choice.label)
  const chip = (choice: MergeTagChoice, colours: string) => (
    <li key={choice.tag}>
      <button
        type="button"
        draggable
        data-merge-tag={choice.tag}
        title={tagText(choice.tag)}
        aria-label={t('insertTag', { label: labelOf(choice), tag: tagText(choice.tag) })}
        onDragStart={(event) => {
          event.dataTransfer.setData('text/plain', tagText(choice.tag))
          event.dataTransfer.effectAllowed = 'copy'
        }}
        onClick={() => onInsert(tagText(choice.tag))}
        className={`${CHIP} ${colours}`}
      >
        {labelOf(choice)}
      </button>
    </li>
  )
  return (
    <div className="flex flex-col gap-2">
      <p id="merge-tags-hint" className="text-sm text-slate-600">
        {t('mergeTagsHint', { example: tagText('firstname') })}
      </p>
      <ul className="flex flex-wrap gap-2" aria-label={t('mergeTags')}>
        {standard.map((choice) => chip(choice, 'border-orange-300 bg-orange-50 text-orange-900 hover:bg-orange-100'))}
        {custom.map((choice) => chip(choice, 'border-sky-300 bg-sky-50 text-sky-900 hover:bg-sky-100'))}
        <li>
          <Link to={addFieldHref} preventScrollReset aria-label={t('addCustomField')} className={`${CHIP} cursor-pointer border-emerald-400 bg-emerald-50 text-emerald-900 hover:bg-emerald-100`}>
            <Plus aria-hidden className="h-3.5 w-3.5" />
          </Link>
        </li>
      </ul>
    </div>
  )
}

function isStandardTag(tag: string): tag is StandardMergeTag {
  return STANDARD_MERGE_TAGS.some((standard) => standard.tag === tag)
}
