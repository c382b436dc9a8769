/**
 * Test files that replace modules (vi.mock, vi.resetModules): they need modules of their own.
 * Every other unit and integration file shares its worker's loaded modules with the files before
 * it, which halves the run (loading the server's modules was most of each file's time).
 * tests/unit/lint/module-mocks-listed.test.ts fails when a file mocks modules without being here.
 */
export const FILES_WITH_MODULE_MOCKS = ['tests/unit/auth/password-work.test.ts', 'tests/unit/auth/request-session.test.ts', 'tests/unit/db/write-tracking-copies.test.ts']
