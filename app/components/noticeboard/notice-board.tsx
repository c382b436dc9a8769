import { Megaphone, Quote } from 'lucide-react'
import { ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'

export type BoardNotice = { id: string; message: string; type: 'notice' | 'quote' }

/** The board's own words: English on staff screens, the page's language in the student portal. */
export type NoticeBoardWords = { title: string; manage: string; notices: string; quotes: string; noNotices: string; noQuotes: string }

const ENGLISH: NoticeBoardWords = { title: 'Notice board', manage: 'Manage', notices: 'Notices', quotes: 'Quotes', noNotices: 'No notices.', noQuotes: 'No quotes.' }

/**
 * The notice board (website spec 2.13): the active notices, split into notices and quotes.
 * Messages are rich text sanitised on the server (server/text/rich-text-html.ts) before they
 * reach this component. `manageHref` is given to staff only: students and previews get no
 * Manage link.
 */
export function NoticeBoard({
  notices,
  quotes,
  manageHref,
  words = ENGLISH,
}: {
  notices: readonly BoardNotice[]
  quotes: readonly BoardNotice[]
  manageHref: string | null
  words?: NoticeBoardWords
}) {
  return (
    <Card
      title={words.title}
      padding="flush"
      actions={
        manageHref ? (
          <ButtonLink to={manageHref} variant="link" preventScrollReset>
            {words.manage}
          </ButtonLink>
        ) : null
      }
    >
      <div className="grid gap-0 md:grid-cols-2 md:divide-x md:divide-slate-100" data-testid="notice-board">
        <BoardColumn title={words.notices} empty={words.noNotices} items={notices} icon="notice" />
        <BoardColumn title={words.quotes} empty={words.noQuotes} items={quotes} icon="quote" />
      </div>
    </Card>
  )
}

function BoardColumn({ title, empty, items, icon }: { title: string; empty: string; items: readonly BoardNotice[]; icon: 'notice' | 'quote' }) {
  const Icon = icon === 'notice' ? Megaphone : Quote
  return (
    <div className="px-5 py-4">
      <h3 className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
        <Icon aria-hidden className="h-4 w-4" /> {title}
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {items.map((item) => (
            <li key={item.id} className={`rich-text break-words text-sm text-slate-800 ${icon === 'quote' ? 'border-l-4 border-brand/40 pl-3 italic' : ''}`}>
              {/* Sanitised on the server when saved and again when loaded. */}
              <div dangerouslySetInnerHTML={{ __html: item.message }} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
