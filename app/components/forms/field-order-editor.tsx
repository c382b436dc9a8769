import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core'
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ArrowDown, ArrowUp, GripVertical, Plus, X } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { useFormbuilderWords } from './use-formbuilder-words'
import { useDragWords } from '#app/components/ui/drag-words'

export interface FieldChoice {
  guId: string
  name: string
  typeLabel: string
}

/**
 * The ordered custom fields of a form, posted as `fieldGuIds` in order. With JavaScript:
 * drag to reorder (mouse, touch or keyboard), buttons act at once. Without it, each button
 * posts the form with an `order` instruction and the server sends the editor back rearranged.
 */
export function FieldOrderEditor({ choices, initialOrder }: { choices: FieldChoice[]; initialOrder: string[] }) {
  const [order, setOrder] = useState(initialOrder)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  useEffect(() => setOrder(initialOrder), [initialOrder])
  const byGuId = new Map(choices.map((choice) => [choice.guId, choice]))
  const chosen = order.map((guId) => byGuId.get(guId)).filter((choice): choice is FieldChoice => choice !== undefined)
  const available = choices.filter((choice) => !order.includes(choice.guId))
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))
  const { t } = useFormbuilderWords()
  const { accessibility } = useDragWords()

  const move = (guId: string, by: -1 | 1) =>
    setOrder((current) => {
      const at = current.indexOf(guId)
      const to = at + by
      return at === -1 || to < 0 || to >= current.length ? current : arrayMove(current, at, to)
    })
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    setOrder((current) => arrayMove(current, current.indexOf(String(active.id)), current.indexOf(String(over.id))))
  }

  const button = (label: string, instruction: string, onClick: () => void, icon: ReactNode, disabled = false) =>
    hydrated ? (
      <button type="button" aria-label={label} title={label} disabled={disabled} onClick={onClick} className={iconButton}>
        {icon}
      </button>
    ) : (
      <button type="submit" name="order" value={instruction} aria-label={label} title={label} disabled={disabled} className={iconButton}>
        {icon}
      </button>
    )

  return (
    <section aria-labelledby="form-fields-heading" className="flex flex-col gap-3 border-t border-slate-200 pt-5">
      <h2 id="form-fields-heading" className="text-lg font-semibold text-slate-900">
        {t('fieldsOnForm')}
      </h2>
      {chosen.map((choice) => (
        <input key={choice.guId} type="hidden" name="fieldGuIds" value={choice.guId} />
      ))}
      {chosen.length === 0 ? (
        <p className="text-sm text-slate-500">{t('noFieldsOnForm')}</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
          <SortableContext items={chosen.map((choice) => choice.guId)} strategy={verticalListSortingStrategy}>
            <ol className="flex flex-col gap-2" aria-label={t('fieldsInOrder')}>
              {chosen.map((choice, index) => (
                <SortableRow key={choice.guId} choice={choice} draggable={hydrated} dragLabel={t('dragField', { name: choice.name })}>
                  {button(t('moveUp', { name: choice.name }), `up:${choice.guId}`, () => move(choice.guId, -1), <ArrowUp aria-hidden className="h-4 w-4" />, index === 0)}
                  {button(t('moveDown', { name: choice.name }), `down:${choice.guId}`, () => move(choice.guId, 1), <ArrowDown aria-hidden className="h-4 w-4" />, index === chosen.length - 1)}
                  {button(t('removeField', { name: choice.name }), `remove:${choice.guId}`, () => setOrder((current) => current.filter((id) => id !== choice.guId)), <X aria-hidden className="h-4 w-4" />)}
                </SortableRow>
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {available.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-slate-700">{t('addAField')}</h3>
          <ul className="flex flex-wrap gap-2">
            {available.map((choice) => (
              <li key={choice.guId}>
                {hydrated ? (
                  <button type="button" onClick={() => setOrder((current) => [...current, choice.guId])} className={chip}>
                    <Plus aria-hidden className="h-4 w-4" />
                    {choice.name} <span className="text-slate-600">({choice.typeLabel})</span>
                  </button>
                ) : (
                  <button type="submit" name="order" value={`add:${choice.guId}`} className={chip}>
                    <Plus aria-hidden className="h-4 w-4" />
                    {choice.name} <span className="text-slate-600">({choice.typeLabel})</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

function SortableRow({ choice, draggable, dragLabel, children }: { choice: FieldChoice; draggable: boolean; dragLabel: string; children: ReactNode }) {
  const { sortableAttributes } = useDragWords()
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: choice.guId, disabled: !draggable, attributes: sortableAttributes })
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-2 ${isDragging ? 'z-10 shadow-lg' : ''}`}
      data-field-guid={choice.guId}
    >
      {draggable ? (
        <button type="button" {...attributes} {...listeners} aria-label={dragLabel} className="cursor-grab touch-none text-slate-500 hover:text-slate-700">
          <GripVertical aria-hidden className="h-4 w-4" />
        </button>
      ) : null}
      <span className="min-w-0 flex-1 truncate text-sm text-slate-800">
        {choice.name} <span className="text-slate-600">({choice.typeLabel})</span>
      </span>
      {children}
    </li>
  )
}

const iconButton = 'rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-30'
const chip = 'inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:border-brand hover:text-brand'
