import { z } from 'zod'
import { ROLES } from '#server/shell/roles'

/** The role group must have a choice; it is a single-choice group, so this only shows on a forged post. */
export const ROLE_REQUIRED_MESSAGE = 'Please choose a role.'

// A checkbox posts 'on' when ticked and nothing when not (conform turns 'on' into true).
const toggle = z.boolean().optional().default(false)

/**
 * The user detail form (settings spec, User detail): notifications, account flags and the
 * single role. Shared by the page (conform) and the action (parseWithZod).
 */
export const userSettingsSchema = z.object({
  notifySales: toggle,
  notifyContact: toggle,
  notifyProduct: toggle,
  isAccountLocked: toggle,
  isTeacher: toggle,
  role: z.enum(ROLES, { errorMap: () => ({ message: ROLE_REQUIRED_MESSAGE }) }),
})

export type UserSettingsInput = z.infer<typeof userSettingsSchema>
