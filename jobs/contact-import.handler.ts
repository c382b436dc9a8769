import { runContactImport } from '#server/contacts/import/run-contact-import'
import type { contactImportJob } from './contact-import'
import type { JobHandler } from './runtime/registry'

export const handleContactImport: JobHandler<typeof contactImportJob> = (payload, platform, context) => runContactImport(platform, payload, context)
