import { extentSimilarity, splitsLikePostgres, WORD_SIMILARITY_THRESHOLD, wordTrigrams, type WordCharacters } from '#server/text/trigram-word-similarity'
import { phoneDigitsSearched, searchesNearSpellings } from '#server/contacts/contact-search-condition'
import type { ContactSearchItem } from '#server/contacts/search-contacts'
import { TrigramPostings } from './trigram-postings'

/** One contact of the book as the index keeps it, with the columns Postgres derives for search. */
export interface IndexedContact {
  guid: string
  email: string | null
  firstName: string
  lastName: string
  /** `search_text`: name, every email and the barcode, folded (lower case, accents off) by Postgres. */
  searchText: string
  /** `sort_name`: the folded name, which near spellings are measured against. */
  sortName: string
  /** `phone_digits`: the phone's digits alone. */
  phoneDigits: string
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/

/**
 * A tenant's contact book held in the process for the pickers' autocomplete
 * (docs/decisions/153): the same matches in the same order as the search in Postgres
 * (`contactSearchCondition`, ordered by containing the text, then `sort_name`, then id), found
 * through trigram postings instead of a query. Built from the book's unarchived contacts read
 * in that order, so a contact's number is its place in the answer's order.
 *
 * It answers only what it can answer exactly: text of printable ASCII (whose folding is plain
 * lower case), and near spellings only when every name splits into words as Postgres splits it.
 * Anything else is null, and the caller asks Postgres.
 */
export class ContactSearchIndex {
  /** Column by column, only what an answer shows and what a match is checked on. */
  readonly #guids: string[]
  readonly #labels: string[]
  readonly #emails: (string | null)[]
  readonly #searchTexts: string[]
  readonly #windows: TrigramPostings
  /** Near spellings are measured per distinct name (`sort_name`), then each name's contacts taken. */
  readonly #names: DistinctNames
  readonly #namesSplitLikePostgres: boolean
  /** Every search text in order, one per line, with where each starts: a text too short for trigrams is found by scanning it. */
  readonly #allSearchTexts: LinesInOrder
  readonly #allPhoneDigits: LinesInOrder

  private constructor(contacts: IndexedContact[], windows: TrigramPostings, names: DistinctNames) {
    this.#guids = contacts.map((contact) => contact.guid)
    this.#labels = contacts.map((contact) => `${contact.firstName} ${contact.lastName}`.trim() || contact.email || '-')
    this.#emails = contacts.map((contact) => contact.email)
    this.#searchTexts = contacts.map((contact) => contact.searchText)
    this.#windows = windows
    this.#names = names
    const mode = names.mode
    this.#namesSplitLikePostgres = this.#names.list.every((name) => splitsLikePostgres(name, mode))
    this.#allSearchTexts = new LinesInOrder(contacts.map((contact) => contact.searchText))
    this.#allPhoneDigits = new LinesInOrder(contacts.map((contact) => contact.phoneDigits))
  }

  /** The index of these contacts, given in the answer's order (`sort_name`, id). */
  static async build(contacts: IndexedContact[], mode: WordCharacters): Promise<ContactSearchIndex> {
    const windows = await TrigramPostings.buildFromWindows(contacts.length, (n) => contacts[n].searchText)
    const names = await DistinctNames.build(contacts, mode)
    return new ContactSearchIndex(contacts, windows, names)
  }

  get size(): number {
    return this.#guids.length
  }

  /** The first `limit` contacts matching the text (trimmed, control characters removed), or null when Postgres must answer. */
  search(text: string, limit: number): ContactSearchItem[] | null {
    if (text === '' || !PRINTABLE_ASCII.test(text)) return null
    const nearSpellings = searchesNearSpellings(text)
    if (nearSpellings && !this.#namesSplitLikePostgres) return null
    const folded = text.toLowerCase()

    const containing = this.#containing(folded, limit)
    const found = [...containing]
    if (found.length < limit) {
      const taken = new Set(containing)
      const digits = phoneDigitsSearched(text)
      const wanted = limit - found.length
      if (nearSpellings) found.push(...this.#nearSpellings(folded, taken, wanted))
      else if (digits !== null) found.push(...this.#allPhoneDigits.linesContaining(digits, wanted, taken))
    }
    return found.map((n) => this.#item(n))
  }

  /** Contacts whose search text contains the text, in order, at most `limit`. */
  #containing(folded: string, limit: number): number[] {
    if (folded.length < 3) return this.#allSearchTexts.linesContaining(folded, limit, NOTHING_TAKEN)
    const matches: number[] = []
    const searchTexts = this.#searchTexts
    // Every three characters of the text are in a text that contains it: the contacts holding
    // the two rarest of them are the few worth looking at.
    const windows = [...new Set(windowsOf(folded))].sort((a, b) => this.#windows.countOf(a) - this.#windows.countOf(b))
    let candidates = this.#windows.documentsWith(windows[0])
    if (windows.length > 1 && candidates.length > 64) candidates = ascendingIntersection(candidates, this.#windows.documentsWith(windows[1]))
    for (let i = 0; i < candidates.length && matches.length < limit; i++) {
      const n = candidates[i]
      if (searchTexts[n].includes(folded)) matches.push(n)
    }
    return matches
  }

  /** The first `wanted` contacts not yet taken with a word spelled nearly like the text (`<%`), in order. */
  #nearSpellings(folded: string, taken: Set<number>, wanted: number): number[] {
    const contacts = this.#names.contactsOf(this.#names.nearlySpelled(folded))
    const found: number[] = []
    for (let i = 0; i < contacts.length && found.length < wanted; i++) if (!taken.has(contacts[i])) found.push(contacts[i])
    return found
  }

  #item(n: number): ContactSearchItem {
    return { id: this.#guids[n], label: this.#labels[n], email: this.#emails[n] }
  }
}

/**
 * The book's distinct names, with the trigram postings and each name's trigram sequence (as
 * numbers) that near spellings are measured on, and the contacts bearing each name, in order.
 */
class DistinctNames {
  readonly #postings: TrigramPostings
  readonly #sequenceStarts: Int32Array
  readonly #sequences: Int32Array
  readonly #contactStarts: Int32Array
  readonly #contacts: Int32Array
  /** Scratch shared by searches (one runs at a time): a mark per trigram and per name, and the walk's last positions. */
  readonly #inQuery: Uint8Array
  readonly #candidate: Uint8Array
  readonly #lastPosition: Int32Array

  private constructor(
    readonly mode: WordCharacters,
    readonly list: string[],
    nameOf: Int32Array,
    trigramsOf: string[][],
    postings: TrigramPostings,
  ) {
    this.#postings = postings
    this.#sequenceStarts = new Int32Array(list.length + 1)
    trigramsOf.forEach((trigrams, id) => (this.#sequenceStarts[id + 1] = this.#sequenceStarts[id] + trigrams.length))
    this.#sequences = new Int32Array(this.#sequenceStarts[list.length])
    trigramsOf.forEach((trigrams, id) => trigrams.forEach((trigram, i) => (this.#sequences[this.#sequenceStarts[id] + i] = postings.slotOf(trigram) ?? -1)))
    // Each name's contacts, ascending: a counting sort of the contacts by name.
    this.#contactStarts = new Int32Array(list.length + 1)
    for (let n = 0; n < nameOf.length; n++) this.#contactStarts[nameOf[n] + 1]++
    for (let id = 0; id < list.length; id++) this.#contactStarts[id + 1] += this.#contactStarts[id]
    const next = this.#contactStarts.slice(0, list.length)
    this.#contacts = new Int32Array(nameOf.length)
    for (let n = 0; n < nameOf.length; n++) this.#contacts[next[nameOf[n]]++] = n
    this.#inQuery = new Uint8Array(postings.slots)
    this.#candidate = new Uint8Array(list.length)
    this.#lastPosition = new Int32Array(postings.slots).fill(-1)
  }

  static async build(contacts: IndexedContact[], mode: WordCharacters): Promise<DistinctNames> {
    const idOf = new Map<string, number>()
    const list: string[] = []
    const nameOf = new Int32Array(contacts.length)
    contacts.forEach((contact, n) => {
      let id = idOf.get(contact.sortName)
      if (id === undefined) {
        id = list.length
        idOf.set(contact.sortName, id)
        list.push(contact.sortName)
      }
      nameOf[n] = id
    })
    const trigramsOf = list.map((name) => wordTrigrams(name, mode))
    const postings = await TrigramPostings.build(list.length, (id) => trigramsOf[id])
    return new DistinctNames(mode, list, nameOf, trigramsOf, postings)
  }

  /** The names with a word spelled nearly like the (folded) text, as `text <% sort_name` decides. */
  nearlySpelled(folded: string): number[] {
    const trigrams = [...new Set(wordTrigrams(folded, this.mode))]
    const count = trigrams.length
    if (count === 0) return []
    // A name this similar shares at least `needed` of the text's trigrams, so it holds one of
    // the `count - needed + 1` rarest: only their names are worth measuring.
    const needed = Math.ceil(count * WORD_SIMILARITY_THRESHOLD - 1e-6)
    const rarest = [...trigrams].sort((a, b) => this.#postings.countOf(a) - this.#postings.countOf(b)).slice(0, count - needed + 1)
    const candidates: number[] = []
    for (const trigram of rarest) {
      const holders = this.#postings.documentsWith(trigram)
      for (let i = 0; i < holders.length; i++) {
        if (this.#candidate[holders[i]] === 1) continue
        this.#candidate[holders[i]] = 1
        candidates.push(holders[i])
      }
    }
    const slots = trigrams.map((trigram) => this.#postings.slotOf(trigram)).filter((slot) => slot !== undefined)
    for (const slot of slots) this.#inQuery[slot] = 1
    const near: number[] = []
    for (const id of candidates) {
      this.#candidate[id] = 0
      const sequence = this.#sequences.subarray(this.#sequenceStarts[id], this.#sequenceStarts[id + 1])
      if (extentSimilarity(sequence, this.#inQuery, count, this.#lastPosition, WORD_SIMILARITY_THRESHOLD) >= WORD_SIMILARITY_THRESHOLD) near.push(id)
    }
    for (const slot of slots) this.#inQuery[slot] = 0
    return near
  }

  /** The contacts bearing these names, ascending. */
  contactsOf(names: number[]): Int32Array {
    let total = 0
    for (const id of names) total += this.#contactStarts[id + 1] - this.#contactStarts[id]
    const contacts = new Int32Array(total)
    let at = 0
    for (const id of names) {
      const own = this.#contacts.subarray(this.#contactStarts[id], this.#contactStarts[id + 1])
      contacts.set(own, at)
      at += own.length
    }
    return contacts.sort()
  }
}

/** The numbers in both ascending lists, ascending. */
function ascendingIntersection(a: Int32Array, b: Int32Array): Int32Array {
  const both = new Int32Array(Math.min(a.length, b.length))
  let length = 0
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] < b[j]) i++
    else if (a[i] > b[j]) j++
    else {
      both[length++] = a[i]
      i++
      j++
    }
  }
  return both.subarray(0, length)
}

const NOTHING_TAKEN: ReadonlySet<number> = new Set()

/** Texts joined one per line (no text searched for holds a line break), scanned with the engine's own substring search. */
class LinesInOrder {
  readonly #joined: string
  readonly #starts: Int32Array

  constructor(lines: string[]) {
    this.#joined = lines.join('\n')
    this.#starts = new Int32Array(lines.length)
    let offset = 0
    lines.forEach((line, n) => {
      this.#starts[n] = offset
      offset += line.length + 1
    })
  }

  /** The numbers of the first `limit` lines that contain the text, skipping those taken. */
  linesContaining(text: string, limit: number, taken: ReadonlySet<number>): number[] {
    const found: number[] = []
    let from = 0
    while (found.length < limit) {
      const at = this.#joined.indexOf(text, from)
      if (at < 0) break
      const line = this.#lineAt(at)
      if (!taken.has(line)) found.push(line)
      from = line + 1 < this.#starts.length ? this.#starts[line + 1] : this.#joined.length
    }
    return found
  }

  #lineAt(offset: number): number {
    let low = 0
    let high = this.#starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (this.#starts[middle] <= offset) low = middle
      else high = middle - 1
    }
    return low
  }
}

/** Every run of three characters of the text (UTF-16 units: the texts searched for are ASCII). */
function* windowsOf(text: string): Generator<string> {
  for (let i = 0; i + 3 <= text.length; i++) yield text.slice(i, i + 3)
}
