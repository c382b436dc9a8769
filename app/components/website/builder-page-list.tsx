import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Form, Link, useFetcher } from '@remix-run/react'
import { ArrowDown, ArrowUp, EyeOff, GripVertical } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useDragWords } from '#app/components/ui/drag-words'

export interface PageListEntry {
  id: string
  name: string
  title: string
  isPublished: boolean
  isExternalLink: boolean
}

/**
 * The builder's sidebar: every page in its order, the selected one marked, private ones greyed.
 * With JavaScript a page is dragged (mouse, touch or keyboard) and the new order saved at once;
 * without it, the arrows post a move of one place.
 */
export function BuilderPageList({ pages, selectedName, hrefOf }: { pages: PageListEntry[]; selectedName: string; hrefOf: (name: string) => string }) {
  const { t } = useTranslation('website')
  const { accessibility } = useDragWords()
  const [order, setOrder] = useState(() => pages.map((page) => page.id))
  const [hydrated, setHydrated] = useState(false)
  const fetcher = useFetcher()
  useEffect(() => setHydrated(true), [])
  const pagesKey = pages.map((page) => page.id).join(',')
  // Back to the stored order once a save has finished: the new one when it was kept, the old one when it was refused.
  useEffect(() => {
    if (fetcher.state === 'idle') setOrder(pagesKey.split(','))
  }, [pagesKey, fetcher.state])
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))
  const byId = new Map(pages.map((page) => [page.id, page]))
  const ordered = order.map((id) => byId.get(id)).filter((page): page is PageListEntry => page !== undefined)

  const save = (next: string[]) => {
    setOrder(next)
    fetcher.submit({ intent: 'sequence', ids: next.join(','), page: selectedName }, { method: 'post', action: '/website' })
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    save(arrayMove(order, order.indexOf(String(active.id)), order.indexOf(String(over.id))))
  }
  const move = (id: string, by: -1 | 1) => {
    const at = order.indexOf(id)
    const to = at + by
    if (at !== -1 && to >= 0 && to < order.length) save(arrayMove(order, at, to))
  }

  return (
    <nav aria-label={t('websitePages')} className="rounded-xl border border-slate-200 bg-white p-2 shadow-sm">
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol className="flex flex-col gap-1" aria-busy={fetcher.state !== 'idle'}>
            {ordered.map((page, index) => (
              <SortablePage key={page.id} page={page} draggable={hydrated} selected={page.name.toLowerCase() === selectedName.toLowerCase()} href={hrefOf(page.name)}>
                <MoveButton label={t('moveUp', { title: page.title })} hydrated={hydrated} page={page.name} by="up" disabled={index === 0} onClick={() => move(page.id, -1)}>
                  <ArrowUp aria-hidden className="h-3.5 w-3.5" />
                </MoveButton>
                <MoveButton label={t('moveDown', { title: page.title })} hydrated={hydrated} page={page.name} by="down" disabled={index === ordered.length - 1} onClick={() => move(page.id, 1)}>
                  <ArrowDown aria-hidden className="h-3.5 w-3.5" />
                </MoveButton>
              </SortablePage>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </nav>
  )
}

function MoveButton(props: { label: string; hydrated: boolean; page: string; by: 'up' | 'down'; disabled: boolean; onClick: () => void; children: ReactNode }) {
  const className = 'rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:invisible'
  if (props.hydrated) {
    return (
      <button type="button" aria-label={props.label} title={props.label} disabled={props.disabled} onClick={props.onClick} className={className}>
        {props.children}
      </button>
    )
  }
  return (
    <Form method="post" action="/website" className="contents">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="page" value={props.page} />
      <button type="submit" name="by" value={props.by} aria-label={props.label} title={props.label} disabled={props.disabled} className={className}>
        {props.children}
      </button>
    </Form>
  )
}

function SortablePage({ page, draggable, selected, href, children }: { page: PageListEntry; draggable: boolean; selected: boolean; href: string; children: ReactNode }) {
  const { t } = useTranslation('website')
  const { sortableAttributes } = useDragWords()
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: page.id, disabled: !draggable, attributes: sortableAttributes })
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-page-name={page.name}
      className={`group flex items-center gap-1 rounded-lg px-1 ${selected ? 'bg-brand/10 ring-1 ring-brand/40' : 'hover:bg-slate-50'} ${isDragging ? 'z-10 bg-white shadow-lg' : ''}`}
    >
      {draggable ? (
        <button type="button" {...attributes} {...listeners} aria-label={t('drag', { title: page.title })} className="cursor-grab touch-none rounded p-1 text-slate-400 hover:text-slate-700">
          <GripVertical aria-hidden className="h-4 w-4" />
        </button>
      ) : null}
      <Link
        to={href}
        aria-current={selected ? 'page' : undefined}
        preventScrollReset
        className={`flex min-w-0 flex-1 items-center gap-2 py-2 text-sm ${selected ? 'font-semibold text-slate-900' : page.isPublished ? 'text-slate-800' : 'text-slate-500'}`}
      >
        <span className="truncate">{page.title}</span>
        {page.isPublished ? null : (
          <span className="inline-flex items-center gap-0.5 rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-600">
            <EyeOff aria-hidden className="h-3 w-3" /> {t('private')}
          </span>
        )}
        {page.isExternalLink ? <span className="rounded bg-sky-50 px-1.5 py-0.5 text-[11px] font-medium text-sky-800">{t('link')}</span> : null}
      </Link>
      <span className="flex shrink-0 items-center">{children}</span>
    </li>
  )
}
