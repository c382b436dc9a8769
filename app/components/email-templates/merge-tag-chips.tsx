import { Link } from '@remix-run/react'
import { Plus } from 'lucide-react'
import type { MergeTagChoice } from '#server/email-templates/email-templates'
import { tagText } from '#server/email-templates/merge-tags'

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
  const chip = (choice: MergeTagChoice, colours: string) => (
    <li key={choice.tag}>
      <button
        type="button"
        draggable
        data-merge-tag={choice.tag}
        title={tagText(choice.tag)}
        aria-label={`${choice.label}: insert ${tagText(choice.tag)}`}
        onDragStart={(event) => {
          event.dataTransfer.setData('text/plain', tagText(choice.tag))
          event.dataTransfer.effectAllowed = 'copy'
        }}
        onClick={() => onInsert(tagText(choice.tag))}
        className={`${CHIP} ${colours}`}
      >
        {choice.label}
      </button>
    </li>
  )
  return (
    <div className="flex flex-col gap-2">
      <p id="merge-tags-hint" className="text-sm text-slate-600">
        Drag a tag into the subject or the message, or press it to put it where the cursor is; or type it in double braces, as {tagText('firstname')}. Each becomes the
        contact&apos;s own value when the email is sent.
      </p>
      <ul className="flex flex-wrap gap-2" aria-label="Merge tags">
        {standard.map((choice) => chip(choice, 'border-orange-300 bg-orange-50 text-orange-900 hover:bg-orange-100'))}
        {custom.map((choice) => chip(choice, 'border-sky-300 bg-sky-50 text-sky-900 hover:bg-sky-100'))}
        <li>
          <Link to={addFieldHref} preventScrollReset aria-label="Add a custom field" className={`${CHIP} cursor-pointer border-emerald-400 bg-emerald-50 text-emerald-900 hover:bg-emerald-100`}>
            <Plus aria-hidden className="h-3.5 w-3.5" />
          </Link>
        </li>
      </ul>
    </div>
  )
}
