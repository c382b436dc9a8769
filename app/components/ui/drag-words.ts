import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core'
import { useTranslation } from 'react-i18next'

/**
 * What dnd-kit says to screen readers, in the page's language: its keyboard instructions, the
 * announcements while an item is dragged, and the role a sortable item is announced with. The
 * English words are the library's own.
 */
export function useDragWords(): { accessibility: { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions }; sortableAttributes: { roleDescription: string } } {
  const { t } = useTranslation('common')
  return {
    accessibility: {
      screenReaderInstructions: { draggable: t('dragInstructions') },
      announcements: {
        onDragStart: ({ active }) => t('dragPickedUp', { id: active.id }),
        onDragOver: ({ active, over }) => (over ? t('dragMovedOver', { id: active.id, over: over.id }) : t('dragNotOver', { id: active.id })),
        onDragEnd: ({ active, over }) => (over ? t('dragDroppedOver', { id: active.id, over: over.id }) : t('dragDropped', { id: active.id })),
        onDragCancel: ({ active }) => t('dragCancelled', { id: active.id }),
      },
    },
    sortableAttributes: { roleDescription: t('dragSortable') },
  }
}
