// `npm start`: build if needed, then run the server in this process (so its pid stops it).
import { ensureBuild } from './ensure-build.mjs'

if (!process.argv.includes('--no-build')) ensureBuild()
await import('../build/server.js')
