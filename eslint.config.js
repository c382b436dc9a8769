// Lint: a small rule set that catches mistakes, plus the import boundaries of docs/architecture.md
// ("Imports and boundaries"). No stylistic rules: formatting is not linted.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** `../` anywhere in a specifier: code reaches other folders through the aliases. */
const CLIMB = '(^|/)\\.\\.(/|$)'
const noClimb = { regex: CLIMB, message: 'Import through an alias (#app/, #server/, #db/, #jobs/, #screens/, #tests/, #migrations/), not a ../ climb.' }

/** Builds the options of no-restricted-imports for one folder; each folder lists all of its limits. */
function boundaries(...rules) {
  return ['error', { patterns: [noClimb, ...rules] }]
}
const forbid = (regex, message) => ({ regex, message })

const dbRules = [forbid('^#(app|server|jobs|tests)/', 'db/ is the bottom layer: it imports nothing from app/, server/, jobs/ or tests/.')]
const serverRules = [
  forbid('^#app/', 'server/ never imports app/: the route calls the server, not the other way round.'),
  forbid('^(@remix-run/react|react|react-dom)(/|$)', 'server/ holds no React components; rendering belongs to app/.'),
  forbid('^#jobs/.*\\.handler$', 'server/ may enqueue a job through its contract (#jobs/<name>), never import its handler.'),
  forbid('^#jobs/(worker|runtime/)', 'Only the composition root (server/boot) picks a job runtime.'),
  forbid('^#tests/', 'Product code never imports tests.'),
]
const serverBootRules = [serverRules[0], serverRules[1], serverRules[2], forbid('^#jobs/worker', 'The web server does not start the worker.'), serverRules[4]]

export default tseslint.config(
  { ignores: ['build/**', 'public/build/**', 'node_modules/**', 'data/**', '.cache/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // `_`-prefixed names are deliberately unused (a loader's args, a destructured-away field).
      // Our control-character patterns are deliberate: they find such characters to refuse or strip them.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-imports': boundaries(),
      // Dynamic imports follow the same no-climb rule (no-restricted-imports only sees static ones).
      // (esquery ends a regex at its first slash, hence \x2F for "/".)
      'no-restricted-syntax': ['error', { selector: 'ImportExpression > Literal[value=/(^|\\x2F)\\.\\.(\\x2F|$)/]', message: noClimb.message }],
    },
  },
  { files: ['db/**/*.ts'], ignores: ['db/cli/**'], rules: { 'no-restricted-imports': boundaries(...dbRules) } },
  // db/cli/migrate.ts is an entry point (bundled as build/migrate.js): like server/main.ts it may read the environment through server code.
  { files: ['db/cli/**/*.ts'], rules: { 'no-restricted-imports': boundaries(forbid('^#(app|jobs|tests)/', 'The migrate command needs no app/, jobs/ or tests/ code.')) } },
  {
    files: ['migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': boundaries(forbid('^#', 'A migration is frozen in time: it imports only kysely and other migrations, never the application.')),
      // Kysely<any>, as Kysely advises: a migration must not depend on today's table types.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  { files: ['server/**/*.ts'], ignores: ['server/boot/**'], rules: { 'no-restricted-imports': boundaries(...serverRules) } },
  { files: ['server/boot/**/*.ts'], rules: { 'no-restricted-imports': boundaries(...serverBootRules) } },
  {
    files: ['jobs/**/*.ts'],
    rules: { 'no-restricted-imports': boundaries(forbid('^#app/', 'jobs/ run without the web app: they call server/ code, never app/.'), forbid('^#tests/', 'Product code never imports tests.')) },
  },
  // useServer, useBrowser and friends are test fixtures, not React hooks.
  { files: ['tests/**/*.{ts,tsx}'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  {
    files: ['scripts/**/*.{js,mjs}', '*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-imports': boundaries() },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': boundaries(
        forbid('^#jobs/', 'app/ enqueues jobs through server/ functions, never by importing jobs/.'),
        forbid('^#(db|migrations)/', 'app/ reaches the database only through server/ functions.'),
        forbid('^#tests/', 'Product code never imports tests.'),
      ),
    },
  },
)
