import type { SourceRewrite } from './source-rewrites'

/**
 * React's server renderer writing a page's text once per flush instead of piece by piece
 * (decision 160).
 *
 * React 18's Node renderer (`renderToPipeableStream`) turns every piece of a page (each tag's
 * start, each attribute, each text) into UTF-8 as it goes: a `TextEncoder.encodeInto` call and a
 * new typed-array view per piece, ten thousand of them for a back-office list of 50 rows, and a
 * 2 KB write to the response every time its buffer fills, each of which the compression stream
 * flushes as a block of its own. The pieces it writes are strings, or tag fragments it encoded
 * once at start (`stringToPrecomputedChunk`). Rewritten, it keeps the text of each fragment it
 * encodes at start, adds every piece to one string, and encodes that string once when a flush
 * ends (`completeWriting`) or the text passes 32 K characters. The bytes written are the same,
 * in the same order, in fewer and larger writes.
 *
 * Applied as the route-match cache is (source-rewrites.ts): exact replacements in React DOM's
 * production server file as Node loads it; a version without those lines loads unchanged, the
 * server logs it, and the unit test fails on the upgrade.
 */

const REACT_SERVER_FILE = /[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.node\.production\.min\.js$/

const WRITE_CHUNK_START = 'function r(a,b){if("string"===typeof b){if(0!==b.length)if(2048<3*b.length)'
const WRITE_TO_DESTINATION = 'function t(a,b){a=a.write(b);q=q&&a}'
const COMPLETE_WRITING = 'function ca(a){k&&0<l&&a.write(k.subarray(0,l));k=null;l=0;q=!0}'
const PRECOMPUTED_CHUNK = 'function x(a){return u.encode(a)}'

const PENDING_TEXT = `var __chunkText=new globalThis.WeakMap(),__pendingText="";
function __flushText(a){if(0!==__pendingText.length){var s=__pendingText;__pendingText="";0<l&&(t(a,k.subarray(0,l)),k=new Uint8Array(2048),l=0);t(a,u.encode(s))}}
function r(a,b){if("string"!==typeof b){var s=__chunkText.get(b);if(void 0===s){__flushText(a);__writeBytes(a,b);return}b=s}__pendingText+=b;32768<=__pendingText.length&&__flushText(a)}
`

/** React DOM's server file with its pieces kept as text until a flush ends; null when the file is not the version this expects. */
export function withTextWritesJoined(source: string): string | null {
  for (const line of [WRITE_CHUNK_START, WRITE_TO_DESTINATION, COMPLETE_WRITING, PRECOMPUTED_CHUNK]) {
    if (source.split(line).length !== 2) return null
  }
  return source
    .replace(WRITE_CHUNK_START, `function __writeBytes(a,b){if("string"===typeof b){if(0!==b.length)if(2048<3*b.length)`)
    .replace(WRITE_TO_DESTINATION, `${PENDING_TEXT}${WRITE_TO_DESTINATION}`)
    .replace(COMPLETE_WRITING, 'function ca(a){__flushText(a);k&&0<l&&a.write(k.subarray(0,l));k=null;l=0;q=!0}')
    .replace(PRECOMPUTED_CHUNK, 'function x(a){var b=u.encode(a);__chunkText.set(b,a);return b}')
}

export const REACT_TEXT_WRITE_REWRITES: SourceRewrite[] = [{ file: REACT_SERVER_FILE, rewrite: withTextWritesJoined }]
