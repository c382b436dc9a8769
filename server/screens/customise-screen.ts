import { z } from 'zod'
import { shippedDescriptor, shippedDescriptors } from '#screens/index'
import { err, ok, type Err, type Ok } from '#server/errors/result'
import type { Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { isRecord, type OverlayProblem } from './apply-overlay'
import { controllingFieldsOf, fieldOrderOf, requiredFieldsOf, type ScreenDescriptor } from './descriptor'
import { forgetEffectiveScreens, resolveEffectiveScreen } from './effective-descriptor'
import type { ScreenOverlay } from './overlay'
import { writeOverlay } from './overlay-store'
import { translatedDescriptor } from './translated-descriptor'
import { withoutControlCharacters } from '#server/text/without-control-characters'

export const CUSTOMISATION_SAVED = 'Screen customisation saved.'
export const CUSTOMISATION_RESET = 'Screen reset to its default.'
export const INVALID_FORM = 'Invalid Form!'

/** The customise screen's refusals and notices. */
export const CUSTOMISE_MESSAGES = {
  labelTooLong: 'A label can be at most 100 characters.',
  helpTooLong: 'A help text can be at most 300 characters.',
  cannotHide: (label: string) => `${label} is required and cannot be hidden.`,
  unreadable: 'The saved customisation of this screen could not be read and is ignored.',
} as const

export interface CustomiseRow {
  name: string
  /** Where the field sits (a section title), to tell apart fields with the same label. */
  group: string | null
  defaultLabel: string
  label: string
  defaultHelp: string
  help: string
  hidden: boolean
  /** Required fields (and fields that switch a requirement) cannot be hidden. */
  locked: boolean
}

export interface CustomiseView {
  key: string
  title: string
  rows: CustomiseRow[]
  problems: OverlayProblem[]
  customised: boolean
}

/** Where each screen's form lives, for the "back" link of the customise screen. */
export const SCREEN_PATHS: Readonly<Record<string, string>> = {
  account: '/settings/account',
  display: '/settings/display',
  'display-modules': '/settings/display',
  roles: '/settings/roles',
  studentapp: '/settings/studentapp',
  paccount: '/settings/paccount',
  website: '/settings/website',
  seosetting: '/settings/seosetting',
}

/** The screens a studio can customise, each named in the page's language. */
export function customisableScreens(language: Language = 'en'): Array<{ key: string; title: string; path: string }> {
  return [...shippedDescriptors().values()].map((descriptor) => ({
    key: descriptor.key,
    title: translatedDescriptor(descriptor, language).title,
    path: SCREEN_PATHS[descriptor.key] ?? '/settings',
  }))
}

function helpOf(descriptor: ScreenDescriptor, name: string): string {
  const ui = descriptor.uiSchema[name]
  return isRecord(ui) && typeof ui['ui:help'] === 'string' ? ui['ui:help'] : ''
}

function groupsOf(descriptor: ScreenDescriptor): Map<string, string> {
  const groups = new Map<string, string>()
  const options = descriptor.uiSchema['ui:options']
  const sections = isRecord(options) && Array.isArray(options.sections) ? options.sections : []
  for (const section of sections) {
    if (!isRecord(section) || typeof section.title !== 'string' || !Array.isArray(section.fields)) continue
    for (const field of section.fields) if (typeof field === 'string') groups.set(field, section.title)
  }
  return groups
}

/**
 * The customise screen of one descriptor: every field of the base, in the tenant's order. The
 * shipped labels, sections and help are shown in the page's language; the studio's own words
 * as it wrote them.
 */
export async function loadCustomisation(platform: Pick<Platform, 'database'>, tenant: Tenant, key: string, language: Language = 'en'): Promise<CustomiseView | null> {
  const screen = await resolveEffectiveScreen(platform, tenant, key)
  if (!screen) return null
  const { base, overlay, descriptor } = screen
  const shown = translatedDescriptor(base, language)
  const locked = new Set([...requiredFieldsOf(base.schema), ...controllingFieldsOf(base.schema)])
  const groups = groupsOf(shown)
  const effectiveOrder = (descriptor.uiSchema['ui:order'] as string[] | undefined) ?? []
  const baseOrder = fieldOrderOf(base)
  // Hidden fields are not in the effective order: they keep their base position after the shown ones.
  const order = [...effectiveOrder.filter((name) => baseOrder.includes(name)), ...baseOrder.filter((name) => !effectiveOrder.includes(name))]
  const rows = order.map((name): CustomiseRow => {
    const change = overlay.fields[name] ?? {}
    return {
      name,
      group: groups.get(name) ?? null,
      defaultLabel: shown.schema.properties[name]?.title ?? name,
      label: change.label ?? '',
      defaultHelp: helpOf(shown, name),
      help: change.help ?? helpOf(shown, name),
      hidden: screen.hidden.includes(name),
      locked: locked.has(name),
    }
  })
  const problems = screen.damaged
    ? [{ field: '', message: CUSTOMISE_MESSAGES.unreadable }, ...screen.problems]
    : screen.problems
  return { key, title: shown.title, rows, problems, customised: Object.keys(overlay.fields).length > 0 || overlay.order !== undefined || overlay.customFields.length > 0 }
}

const postedRow = z.object({
  label: z.string().trim().max(100, CUSTOMISE_MESSAGES.labelTooLong),
  help: z.string().trim().max(300, CUSTOMISE_MESSAGES.helpTooLong),
  hidden: z.boolean(),
})

/** What a refused customisation shows again: the form's message, each row's problems, the rows as posted. */
export interface CustomiseRefusal {
  formError: string
  fieldErrors: Record<string, string[]>
  rows: Array<{ name: string; label: string; help: string; hidden: boolean }>
}

/** Saved with its toast; not_found for a screen the product does not ship; invalid_input with the form's state in `details`. */
export type CustomiseOutcome = Ok<{ toast: string }> | Err<'not_found'> | Err<'invalid_input', CustomiseRefusal>

/**
 * Saves what the customise form posted: for each field label[f], help[f], hidden[f], the order
 * as order[] and, from the arrow buttons, move=f:up or f:down. Only differences from the
 * shipped descriptor are stored; custom fields already on the overlay are kept. The page drew
 * the shipped words in its `language`: sent back unchanged, they are the defaults, not the
 * studio's own words, and the refusals name the fields in it.
 */
export async function saveCustomisation(
  platform: Pick<Platform, 'database' | 'tenants' | 'caches'>,
  tenant: Tenant,
  actorContactId: string,
  key: string,
  form: FormData,
  language: Language = 'en',
): Promise<CustomiseOutcome> {
  const base = shippedDescriptor(key)
  if (!base) return err('not_found')
  const shown = translatedDescriptor(base, language)
  const screen = await resolveEffectiveScreen(platform, tenant, key)
  const names = fieldOrderOf(base)
  const locked = new Set([...requiredFieldsOf(base.schema), ...controllingFieldsOf(base.schema)])

  const posted = form.getAll('order[]').filter((value): value is string => typeof value === 'string' && names.includes(value))
  let order = [...new Set(posted), ...names.filter((name) => !posted.includes(name))]
  const move = /^([A-Za-z0-9_]+):(up|down)$/.exec(String(form.get('move') ?? ''))
  if (move && order.includes(move[1])) order = moved(order, move[1], move[2] as 'up' | 'down')

  // Every row posts its label and help text; a post without them would reset them all (decision 058).
  const incomplete = names.some((name) => !form.has(`label[${name}]`) || !form.has(`help[${name}]`))

  const fields: ScreenOverlay['fields'] = {}
  const fieldErrors: Record<string, string[]> = {}
  const rows: Array<{ name: string; label: string; help: string; hidden: boolean }> = []
  for (const name of names) {
    const raw = {
      label: stringOf(form.get(`label[${name}]`)),
      help: stringOf(form.get(`help[${name}]`), helpOf(base, name)),
      hidden: form.get(`hidden[${name}]`) === 'true',
    }
    rows.push({ name, ...raw })
    const parsed = postedRow.safeParse(raw)
    if (!parsed.success) {
      fieldErrors[name] = parsed.error.issues.map((issue) => issue.message)
      continue
    }
    if (parsed.data.hidden && locked.has(name)) {
      fieldErrors[name] = [CUSTOMISE_MESSAGES.cannotHide(shown.schema.properties[name]?.title ?? name)]
      continue
    }
    const change: ScreenOverlay['fields'][string] = {}
    const label = parsed.data.label
    if (label && label !== base.schema.properties[name]?.title && label !== shown.schema.properties[name]?.title) change.label = label
    const help = parsed.data.help === helpOf(shown, name) ? helpOf(base, name) : parsed.data.help
    if (help !== helpOf(base, name)) change.help = help
    if (parsed.data.hidden) change.hidden = true
    if (Object.keys(change).length > 0) fields[name] = change
  }
  if (incomplete || Object.keys(fieldErrors).length > 0) {
    const refusal: CustomiseRefusal = { formError: INVALID_FORM, fieldErrors, rows: order.map((name) => rows.find((row) => row.name === name)!) }
    return err('invalid_input', INVALID_FORM, refusal)
  }
  const overlay: ScreenOverlay = {
    fields,
    ...(order.join() !== names.join() ? { order } : {}),
    customFields: screen?.overlay.customFields ?? [],
  }
  await writeOverlay(platform.database, tenant, { screenKey: key, baseVersion: base.version, overlay, actorContactId })
  forgetEffectiveScreens(tenant.id)
  // The overlay, and the tenant's updated_at that stamps its descriptors.
  platform.caches.changed(tenant.id, ['screens', 'tenant'])
  return ok({ toast: CUSTOMISATION_SAVED })
}

export async function resetCustomisation(platform: Pick<Platform, 'database' | 'tenants' | 'caches'>, tenant: Tenant, actorContactId: string, key: string): Promise<boolean> {
  const base = shippedDescriptor(key)
  if (!base) return false
  await writeOverlay(platform.database, tenant, { screenKey: key, baseVersion: base.version, overlay: null, actorContactId })
  forgetEffectiveScreens(tenant.id)
  // The overlay, and the tenant's updated_at that stamps its descriptors.
  platform.caches.changed(tenant.id, ['screens', 'tenant'])
  return true
}

function moved(order: string[], name: string, direction: 'up' | 'down'): string[] {
  const index = order.indexOf(name)
  const target = direction === 'up' ? index - 1 : index + 1
  if (target < 0 || target >= order.length) return order
  const next = [...order]
  ;[next[index], next[target]] = [next[target], next[index]]
  return next
}

function stringOf(value: FormDataEntryValue | null, fallback = ''): string {
  return typeof value === 'string' ? withoutControlCharacters(value) : fallback
}
