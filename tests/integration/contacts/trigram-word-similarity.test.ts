import { sql } from 'kysely'
import { isNearWordOf, wordSimilarity, type WordCharacters } from '#server/text/trigram-word-similarity'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** Texts from a few syllables, so that pairs share trigrams in every arrangement: repeats, partial words, extents. */
function randomTexts(count: number, seed: number): string[] {
  const syllables = ['ga', 'gar', 'ci', 'cia', 'a', 'ma', 'ri', 'lo', 'pez', 'de', 'la', 'o', 'con', 'nor', 'ıy', 'ıl', 'дм', 'x', 'ab', 'ba']
  const separators = [' ', ' ', ' ', '-', "'", '.', '  ']
  let state = seed
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state % n
  }
  return Array.from({ length: count }, () => {
    const words = 1 + next(3)
    const parts: string[] = []
    for (let w = 0; w < words; w++) {
      let word = ''
      for (let s = 0, length = 1 + next(3); s < length; s++) word += syllables[next(syllables.length)]
      parts.push(word)
      if (w < words - 1) parts.push(separators[next(separators.length)])
    }
    return parts.join('')
  })
}

describe(`pg_trgm word similarity computed in the process (${engine})`, () => {
  let platform: TestPlatform
  let mode: WordCharacters

  beforeAll(async () => {
    platform = await createTestPlatform()
    const { trigrams } = await platform.database.db.selectNoFrom(sql<number>`array_length(show_trgm('aπ'), 1)`.as('trigrams')).executeTakeFirstOrThrow()
    mode = trigrams === 3 ? 'unicode' : 'ascii'
  })
  afterAll(() => platform.close())

  async function compare(pairs: Array<[string, string]>) {
    const { rows } = await sql<{ similarity: number; near: boolean }>`
      select word_similarity(q, t) as similarity, q <% t as near
      from unnest(${pairs.map(([q]) => q)}::text[], ${pairs.map(([, t]) => t)}::text[]) with ordinality as p(q, t, n)
      order by n`.execute(platform.database.db)
    const differing = pairs.flatMap(([query, text], i) => {
      const ours = wordSimilarity(query, text, mode)
      const near = isNearWordOf(query, text, mode)
      return Math.fround(ours) === Math.fround(rows[i].similarity) && near === rows[i].near ? [] : [{ query, text, ours, near, postgres: rows[i] }]
    })
    return { differing, near: rows.filter((row) => row.near).length }
  }

  it('gives the same similarity and the same <% answer as Postgres for names people type', async () => {
    const names = ['garcia lopez', 'maria garcia', 'jose maria de la cruz', "o'connor", 'smith-jones', 'van der berg', 'li wei', 'an', 'garcia garcia', 'yıldız', 'дмитрий иванов']
    const queries = ['garcia', 'garsia', 'gar', 'ma gar', 'mari garc', 'de la', 'cruz', 'jone', 'smith jones', 'van berg', 'wei', 'yildiz', 'yıldız', 'иван', 'dmitri']
    const { differing, near } = await compare(queries.flatMap((query) => names.map((name): [string, string] => [query, name])))
    expect(differing).toEqual([])
    expect(near).toBeGreaterThan(10)
  })

  it('gives the same answers on 3,000 random pairs of repeated syllables', async () => {
    const queries = randomTexts(3_000, 7)
    const texts = randomTexts(3_000, 11)
    const { differing, near } = await compare(queries.map((query, i): [string, string] => [query, texts[i]]))
    expect(differing).toEqual([])
    // Enough pairs are near for the threshold's edge to be crossed both ways.
    expect(near).toBeGreaterThan(100)
  })
})
