import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('.', import.meta.url))

/** Same aliases as tsconfig "paths", so tests import code the way the app does. */
export const aliases = {
  '#app': `${root}app`,
  '#server': `${root}server`,
  '#db': `${root}db`,
  '#jobs': `${root}jobs`,
  '#screens': `${root}screens`,
  '#tests': `${root}tests`,
  '#migrations': `${root}migrations`,
}

