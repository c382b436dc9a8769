import { data, type ActionFunctionArgs } from '@remix-run/node'
import { notFound } from '#server/errors/responses'
import { FRANCHISE_MESSAGES, franchiseFormValues, parseCreateFranchise, parseUpdateFranchise, CREATE_FIELDS, UPDATE_FIELDS, type FranchiseFormErrors } from '#server/franchises/franchise-form'
import { archiveFranchise, createFranchise, loadFranchise, updateFranchise } from '#server/franchises/franchises'
import { requireFranchiseManager } from '#app/utils/franchise.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'

/**
 * The posts of the franchise form and of 'Delete Franchise!': each success goes back to the
 * list with its message (settings spec: create, edit and delete return to the list); a refused
 * form is drawn again with what was typed; another tenant's franchise is a 404.
 */
export async function franchiseFormAction({ request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>, editGuid: string | null, options: { deleteOnly?: boolean } = {}) {
  const { tenant } = await requireFranchiseManager(request, context)
  // Messages are made in English and answered in the page's language.
  const inLanguage = (errors: FranchiseFormErrors) => translateMessages(context.language, errors)
  const notFoundHere = () => notFound(translateMessage(context.language, FRANCHISE_MESSAGES.notFound))
  const fields = editGuid === null ? CREATE_FIELDS : UPDATE_FIELDS
  const form = await request.formData().catch(() => null)
  if (!form) return data({ values: {}, errors: inLanguage({ form: FRANCHISE_MESSAGES.invalidForm }) }, { status: 400 })
  const platform = context.platform
  // Another tenant's franchise is not found, whatever was posted with it.
  if (editGuid !== null && !(await loadFranchise(platform, tenant, editGuid))) throw notFoundHere()

  if (form.get('intent') === 'delete') {
    const guid = editGuid ?? String(form.get('guid') ?? '')
    const archived = await archiveFranchise(platform, tenant, guid)
    if (!archived.ok) throw notFoundHere()
    return redirectWithToast('/settings/franchise', { type: 'success', message: archived.value.message })
  }

  // The list only deletes: a form posted there is not a way to create a franchise.
  if (options.deleteOnly) return data({ values: {}, errors: inLanguage({ form: FRANCHISE_MESSAGES.invalidForm }) }, { status: 400 })

  const values = franchiseFormValues(form, fields)
  let saved
  if (editGuid === null) {
    const parsed = parseCreateFranchise(form)
    if (!parsed.ok) return data({ values, errors: inLanguage(parsed.details.errors) }, { status: 400 })
    saved = await createFranchise(platform, tenant, parsed.value)
  } else {
    const parsed = parseUpdateFranchise(form)
    if (!parsed.ok) return data({ values, errors: inLanguage(parsed.details.errors) }, { status: 400 })
    saved = await updateFranchise(platform, tenant, editGuid, parsed.value)
  }
  if (saved.ok) return redirectWithToast('/settings/franchise', { type: 'success', message: saved.value.message })
  if (saved.error === 'not_found') throw notFoundHere()
  return data({ values, errors: inLanguage(saved.details.errors) }, { status: 409 })
}
