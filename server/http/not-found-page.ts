/** The answer to a host that names no organisation: says nothing about which ones exist. */
export const organisationNotFoundHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Organisation not found</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f8fafc;color:#0f172a}
main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#475569;line-height:1.5}</style></head>
<body><main><h1>Organisation not found</h1>
<p>There is no organisation at this address. Check the link you were given, or ask the organisation for its web address.</p>
</main></body></html>`
