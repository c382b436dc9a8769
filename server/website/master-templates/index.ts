import { aboutTemplate } from './about'
import { classStudioTemplate } from './class-studio'
import { contactTemplate } from './contact'
import { courseLandingTemplate } from './course-landing'
import { eventTemplate } from './event'
import { homeTemplate } from './home'
import type { MasterTemplate } from './master-template'

export type { MasterTemplate, TemplatePageType } from './master-template'
export { MASTER_ORG_ID, TEMPLATE_PAGE_TYPES } from './master-template'

/**
 * The templates shipped with the product (org id 'master'), in gallery order: the standard
 * pages first (home, about, contact), then pages a studio adds (classes, a course, an event).
 */
export const MASTER_TEMPLATES: readonly MasterTemplate[] = Object.freeze([homeTemplate, aboutTemplate, contactTemplate, classStudioTemplate, courseLandingTemplate, eventTemplate])

const byId = new Map(MASTER_TEMPLATES.map((template) => [template.id, template]))

/** The shipped template with this id, or null when there is none. */
export function masterTemplateById(id: string): MasterTemplate | null {
  return byId.get(id) ?? null
}
