import { z } from 'zod'

/** A tenant field the screen shows next to its own: from the tenant's custom fields. */
export const overlayCustomFieldSchema = z
  .object({
    /** The field name in the form and the stored values: `cf_` and the custom field's tag. */
    name: z.string().regex(/^cf_[a-z0-9]{1,25}$/),
    type: z.enum(['text', 'textarea', 'number', 'checkbox', 'radio', 'dropdown']),
    label: z.string().trim().min(1).max(100),
    help: z.string().trim().max(300).default(''),
    required: z.boolean().default(false),
    options: z.array(z.string().trim().min(1).max(100)).max(6).default([]),
  })
  .strict()

export type OverlayCustomField = z.infer<typeof overlayCustomFieldSchema>

export const overlayFieldSchema = z
  .object({
    label: z.string().trim().max(100).optional(),
    help: z.string().trim().max(300).optional(),
    hidden: z.boolean().optional(),
  })
  .strict()

/**
 * A tenant's changes to one shipped screen: labels, help texts, order, hidden optional fields,
 * and, where the screen allows it, the tenant's custom fields. Stored as jsonb in
 * screen_overlays and checked by this schema on every read and write.
 */
export const screenOverlaySchema = z
  .object({
    fields: z.record(overlayFieldSchema).default({}),
    order: z.array(z.string().max(100)).max(200).optional(),
    customFields: z.array(overlayCustomFieldSchema).max(50).default([]),
  })
  .strict()

export type ScreenOverlay = z.infer<typeof screenOverlaySchema>

export const emptyOverlay: ScreenOverlay = { fields: {}, customFields: [] }

/** A stored overlay, or an empty one when the stored document is damaged (reported, not fatal). */
export function readOverlay(stored: unknown): { overlay: ScreenOverlay; damaged: boolean } {
  const parsed = screenOverlaySchema.safeParse(stored ?? {})
  return parsed.success ? { overlay: parsed.data, damaged: false } : { overlay: emptyOverlay, damaged: true }
}
