/**
 * The spec's hidden cache-clear sequence as a pure function: Control, Shift and ~ arm it, then
 * typing 'clearc' triggers the clear; Escape cancels; the typed buffer keeps at most 6
 * characters. Kept apart from the component so every key rule is tested without a browser.
 */

export const CLEAR_WORD = 'clearc'
const BUFFER_LIMIT = 6

/** What the staff member sees: nothing happened yet, the caches were cleared, or the clear failed. */
export type CacheClearStatus = 'standby' | 'executed' | 'failed'

export type SequenceState = { armed: boolean; buffer: string }

export const IDLE_SEQUENCE: SequenceState = { armed: false, buffer: '' }

/** The parts of a KeyboardEvent the rules read. */
export type KeyPress = { key: string; code?: string; ctrlKey: boolean; shiftKey: boolean; altKey?: boolean; metaKey?: boolean }

export type SequenceStep = { state: SequenceState; trigger: boolean }

// With Shift held, the key left of 1 reports '~' on US layouts and '`' or 'Dead' on others; its code is always Backquote.
function isArmingChord(press: KeyPress): boolean {
  if (!press.ctrlKey || !press.shiftKey) return false
  return press.key === '~' || press.key === '`' || press.code === 'Backquote'
}

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock'])

export function nextSequenceState(state: SequenceState, press: KeyPress): SequenceStep {
  if (press.key === 'Escape') return { state: IDLE_SEQUENCE, trigger: false }
  if (isArmingChord(press)) return { state: { armed: true, buffer: '' }, trigger: false }
  if (!state.armed) return { state, trigger: false }
  // Releasing or pressing a modifier on its own is part of typing, not a cancel.
  if (MODIFIER_KEYS.has(press.key)) return { state, trigger: false }
  // Any other chord or a non-character key (arrows, Tab) ends the attempt.
  if (press.key.length !== 1 || press.ctrlKey || press.altKey || press.metaKey) return { state: IDLE_SEQUENCE, trigger: false }
  const buffer = (state.buffer + press.key.toLowerCase()).slice(-BUFFER_LIMIT)
  if (buffer === CLEAR_WORD) return { state: IDLE_SEQUENCE, trigger: true }
  return { state: { armed: true, buffer }, trigger: false }
}
