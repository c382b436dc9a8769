import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { useDragWords } from '#app/components/ui/drag-words'
import { ToastNotice } from '#app/components/ui/toast'
import { renderInRouter } from '#tests/unit/ui/render-in-router'

/** What the drag words say, written out so a render can show them. */
function DragWordsProbe() {
  const { accessibility, sortableAttributes } = useDragWords()
  const active = { id: 'page-1' } as never
  const over = { id: 'page-2' } as never
  const { announcements } = accessibility
  return createElement(
    'ul',
    null,
    [
      accessibility.screenReaderInstructions.draggable,
      announcements.onDragStart({ active }),
      announcements.onDragOver({ active, over }),
      announcements.onDragEnd({ active, over: null }),
      announcements.onDragCancel({ active, over: null }),
      sortableAttributes.roleDescription,
    ].map((words, index) => createElement('li', { key: index }, words)),
  )
}

describe('words drawn only in the browser, in the page’s language', () => {
  it("names the toast's close button in Turkish, and in English as before", async () => {
    const toast = { type: 'error' as const, message: 'Bir sorun var.' }
    expect(await renderInRouter(createElement(ToastNotice, { toast }), undefined, 'tr')).toContain('aria-label="Mesajı kapat"')
    expect(await renderInRouter(createElement(ToastNotice, { toast }))).toContain('aria-label="Close message"')
  })

  it("gives dragging's screen-reader words in Turkish, and the library's own English", async () => {
    const turkish = await renderInRouter(createElement(DragWordsProbe), undefined, 'tr')
    for (const words of [
      'Bir öğeyi tutmak için boşluk tuşuna basın.',
      'Sürüklenebilir öğe page-1 tutuldu.',
      'Sürüklenebilir öğe page-1, page-2 bırakma alanının üzerine taşındı.',
      'Sürüklenebilir öğe page-1 bırakıldı.',
      'Sürükleme iptal edildi. Sürüklenebilir öğe page-1 bırakıldı.',
      'sıralanabilir',
    ]) {
      expect(turkish).toContain(words)
    }
    expect(turkish).not.toMatch(/Draggable|sortable|space bar/)
    const english = await renderInRouter(createElement(DragWordsProbe))
    for (const words of [
      'To pick up a draggable item, press the space bar. While dragging, use the arrow keys to move the item. Press space again to drop the item in its new position, or press escape to cancel.',
      'Picked up draggable item page-1.',
      'Draggable item page-1 was moved over droppable area page-2.',
      'Draggable item page-1 was dropped.',
      'Dragging was cancelled. Draggable item page-1 was dropped.',
      'sortable',
    ]) {
      expect(english).toContain(words)
    }
  })
})
