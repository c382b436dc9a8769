/** What staff may share: documents, pictures, audio, video and archives; never anything a browser or a computer runs. */

/** Extensions refused whatever the bytes say: pages, vector images with scripts, scripts and programs. */
const REFUSED_EXTENSIONS = new Set([
  'html', 'htm', 'xhtml', 'shtml', 'mht', 'mhtml', 'svg', 'svgz', 'xml', 'xsl', 'hta',
  'js', 'mjs', 'cjs', 'jsx', 'ts', 'vbs', 'vbe', 'wsf', 'wsh', 'ps1', 'psm1', 'sh', 'bash', 'zsh', 'csh', 'bat', 'cmd', 'php', 'phtml', 'py', 'pl', 'rb', 'jar',
  'exe', 'com', 'scr', 'msi', 'msp', 'dll', 'cpl', 'app', 'dmg', 'pkg', 'deb', 'rpm', 'apk', 'elf', 'bin', 'run', 'lnk', 'reg', 'pif', 'gadget',
])

/** The type a stored file is served with, by extension; anything unlisted is served as plain bytes. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  rtf: 'application/rtf',
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).trim().toLowerCase()
}

export function isRefusedExtension(name: string): boolean {
  return REFUSED_EXTENSIONS.has(extensionOf(name))
}

export function contentTypeFor(name: string): string {
  return CONTENT_TYPES[extensionOf(name)] ?? 'application/octet-stream'
}

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean => signature.every((byte, index) => bytes[index] === byte)

/** Windows programs (MZ), Linux (ELF), macOS (Mach-O), scripts with a #! line, Java classes. */
const PROGRAM_SIGNATURES: readonly (readonly number[])[] = [
  [0x4d, 0x5a],
  [0x7f, 0x45, 0x4c, 0x46],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  [0x23, 0x21],
]

/** Markup a browser would run as a page or an SVG, found near the start of the text. */
const MARKUP = /<\s*(!doctype\s+html|html|head|body|script|svg|iframe|object|embed|meta|\?xml)\b/i

/** Whether the first bytes show a program, a script or a web page, whatever the file is called. */
export function looksRunnable(head: Uint8Array): boolean {
  if (PROGRAM_SIGNATURES.some((signature) => startsWith(head, signature))) return true
  // Text, possibly after a byte order mark or UTF-16: read as Latin-1 with zero bytes dropped.
  const text = Buffer.from(head.filter((byte) => byte !== 0)).toString('latin1')
  return MARKUP.test(text)
}

/** How many first bytes are read to judge a file. */
export const SNIFF_BYTES = 1024
