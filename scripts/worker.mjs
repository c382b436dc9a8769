// `npm run worker`: build if needed, then process background jobs from Redis.
import { ensureBuild } from './ensure-build.mjs'

ensureBuild()
await import('../build/worker.js')
