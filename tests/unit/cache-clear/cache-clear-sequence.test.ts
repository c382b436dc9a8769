import {
  IDLE_SEQUENCE,
  nextSequenceState,
  type KeyPress,
  type SequenceState,
} from '#app/components/cache-clear/cache-clear-sequence'

const chord: KeyPress = { key: '~', code: 'Backquote', ctrlKey: true, shiftKey: true }
const typed = (key: string): KeyPress => ({ key, ctrlKey: false, shiftKey: false })

/** Feeds the presses in order; answers the last state and how many times the clear fired. */
function run(presses: KeyPress[], start: SequenceState = IDLE_SEQUENCE): { state: SequenceState; triggers: number } {
  let state = start
  let triggers = 0
  for (const press of presses) {
    const step = nextSequenceState(state, press)
    state = step.state
    if (step.trigger) triggers += 1
  }
  return { state, triggers }
}

const word = (text: string) => [...text].map(typed)

describe('the hidden cache-clear sequence', () => {
  it("fires once on Control, Shift, ~ then 'clearc', and goes back to idle", () => {
    expect(run([chord, ...word('clearc')])).toEqual({ state: IDLE_SEQUENCE, triggers: 1 })
  })

  it("does nothing for 'clearc' typed without the chord first", () => {
    expect(run(word('clearc')).triggers).toBe(0)
  })

  it('is cancelled by Escape at any point', () => {
    expect(run([chord, ...word('cle'), typed('Escape'), ...word('arc')]).triggers).toBe(0)
    expect(run([chord, typed('Escape')]).state).toEqual(IDLE_SEQUENCE)
  })

  it('accepts the chord however the layout reports the key (~, ` or only its code)', () => {
    for (const key of ['~', '`', 'Dead']) {
      expect(run([{ key, code: 'Backquote', ctrlKey: true, shiftKey: true }, ...word('clearc')]).triggers).toBe(1)
    }
  })

  it('needs Control and Shift both', () => {
    expect(run([{ key: '~', code: 'Backquote', ctrlKey: false, shiftKey: true }, ...word('clearc')]).triggers).toBe(0)
    expect(run([{ key: '`', code: 'Backquote', ctrlKey: true, shiftKey: false }, ...word('clearc')]).triggers).toBe(0)
  })

  it('keeps at most 6 characters, so the word still counts after a slip', () => {
    const { state } = run([chord, ...word('xyzclea')])
    expect(state.buffer).toBe('yzclea')
    expect(state.buffer.length).toBe(6)
    expect(run([chord, ...word('xxclearc')]).triggers).toBe(1)
  })

  it('reads capitals as the word and lets a lone Shift pass', () => {
    expect(run([chord, typed('Shift'), ...word('CLEARC')]).triggers).toBe(1)
  })

  it('ends the attempt on a non-character key or another chord', () => {
    expect(run([chord, ...word('cle'), typed('Tab'), ...word('arc')]).triggers).toBe(0)
    expect(run([chord, ...word('cle'), { key: 'a', ctrlKey: true, shiftKey: false }, ...word('rc')]).triggers).toBe(0)
  })

  it('re-arms on a second chord with an empty buffer', () => {
    expect(run([chord, ...word('cle'), chord, ...word('clearc')])).toEqual({ state: IDLE_SEQUENCE, triggers: 1 })
  })
})
