/** A PDF copy as a response: opened in the browser's viewer, saved under its own name, never cached by others. */
export function pdfResponse(file: { fileName: string; bytes: Uint8Array }): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(file.bytes.byteLength),
      'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
