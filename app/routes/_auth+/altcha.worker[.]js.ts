import { altchaWorkerScript } from '#server/security/altcha-worker-script'

/** The ALTCHA widget's proof-of-work worker, served from our own origin (the CSP allows no other). */
export async function loader() {
  return new Response(await altchaWorkerScript(), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  })
}
