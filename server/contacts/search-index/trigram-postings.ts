/**
 * For each trigram, the documents (numbered 0..n-1) that hold it, in ascending order: one
 * packed array of every document number, with each trigram's slice, so that 100,000 contacts
 * cost a few megabytes rather than millions of small arrays.
 */
export class TrigramPostings {
  private constructor(
    private readonly slotOfKey: Map<number | string, number>,
    private readonly offsets: Int32Array,
    private readonly documents: Int32Array,
  ) {}

  /** The documents holding this trigram (ascending; empty when none does). */
  documentsWith(trigram: string): Int32Array {
    const slot = this.slotOfKey.get(trigramKey(trigram))
    if (slot === undefined) return EMPTY
    return this.documents.subarray(this.offsets[slot], this.offsets[slot + 1])
  }

  /** The trigram's number (0 to `slots` - 1), or undefined when no document holds it. */
  slotOf(trigram: string): number | undefined {
    return this.slotOfKey.get(trigramKey(trigram))
  }

  /** How many distinct trigrams the documents hold. */
  get slots(): number {
    return this.slotOfKey.size
  }

  /** How many documents hold this trigram. */
  countOf(trigram: string): number {
    const slot = this.slotOfKey.get(trigramKey(trigram))
    return slot === undefined ? 0 : this.offsets[slot + 1] - this.offsets[slot]
  }

  /** Builds the postings from each document's trigrams, given in document order; repeats within a document count once. */
  static build(count: number, trigramsOf: (document: number) => Iterable<string>): Promise<TrigramPostings> {
    return TrigramPostings.buildFromKeys(count, (document, add) => {
      for (const trigram of trigramsOf(document)) add(trigramKey(trigram))
    })
  }

  /** Builds the postings from every run of three characters of each document's text (UTF-16 units, as texts searched for are ASCII). */
  static buildFromWindows(count: number, textOf: (document: number) => string): Promise<TrigramPostings> {
    return TrigramPostings.buildFromKeys(count, (document, add) => {
      const text = textOf(document)
      for (let i = 0; i + 3 <= text.length; i++) {
        const a = text.charCodeAt(i)
        const b = text.charCodeAt(i + 1)
        const c = text.charCodeAt(i + 2)
        add((a | b | c) > 0x7f ? text.slice(i, i + 3) : (a << 14) | (b << 7) | c)
      }
    })
  }

  /**
   * Reads the documents a slice at a time with a turn of the event loop between slices: a
   * process building the index of 100,000 contacts goes on answering requests meanwhile.
   */
  private static async buildFromKeys(count: number, keysOf: (document: number, add: (key: number | string) => void) => void): Promise<TrigramPostings> {
    const slotOf = new Map<number | string, number>()
    let slots = new Int32Array(1024)
    let owners = new Int32Array(1024)
    // The last document that added each slot: a repeat within a document is skipped.
    let lastOwner = new Int32Array(1024).fill(-1)
    let length = 0
    let document = 0
    const add = (key: number | string) => {
      let slot = slotOf.get(key)
      if (slot === undefined) {
        slot = slotOf.size
        slotOf.set(key, slot)
        if (slot === lastOwner.length) lastOwner = grow(lastOwner, -1)
      }
      if (lastOwner[slot] === document) return
      lastOwner[slot] = document
      if (length === slots.length) {
        slots = grow(slots, 0)
        owners = grow(owners, 0)
      }
      slots[length] = slot
      owners[length] = document
      length++
    }
    for (document = 0; document < count; document++) {
      keysOf(document, add)
      if (document % SLICE === SLICE - 1) await new Promise<void>((resolve) => setImmediate(resolve))
    }
    // A counting sort by trigram keeps each trigram's documents in the order they came: ascending.
    const offsets = new Int32Array(slotOf.size + 1)
    for (let i = 0; i < length; i++) offsets[slots[i] + 1]++
    for (let slot = 0; slot < slotOf.size; slot++) offsets[slot + 1] += offsets[slot]
    const next = offsets.slice(0, slotOf.size)
    const documents = new Int32Array(length)
    for (let i = 0; i < length; i++) documents[next[slots[i]]++] = owners[i]
    return new TrigramPostings(slotOf, offsets, documents)
  }
}

const EMPTY = new Int32Array(0)
/** Documents read between two turns of the event loop (a few milliseconds' work). */
const SLICE = 2_000

/** Three ASCII characters as one number (no string kept per trigram); anything else as itself. */
function trigramKey(trigram: string): number | string {
  if (trigram.length !== 3) return trigram
  const a = trigram.charCodeAt(0)
  const b = trigram.charCodeAt(1)
  const c = trigram.charCodeAt(2)
  if ((a | b | c) > 0x7f) return trigram
  return (a << 14) | (b << 7) | c
}

function grow(array: Int32Array<ArrayBuffer>, filler: number): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(array.length * 2)
  if (filler !== 0) larger.fill(filler)
  larger.set(array)
  return larger
}
