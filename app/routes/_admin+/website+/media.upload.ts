import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { statusOf } from '#server/errors/error-codes'
import { readUploadForm } from '#server/files/read-upload-form'
import { uploadMedia } from '#server/media/upload-media.server'
import { MEDIA_PATH } from '#app/components/media/media-paths'
import { requireStaffArea } from '#app/utils/navigation.server'
import { translateMessage } from '#server/i18n/translate-message'

const NO_STORE = { 'Cache-Control': 'no-store' }

/** Nothing to show at this address: the screen that posts here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffArea(request, context)
  return redirect(MEDIA_PATH)
}

/**
 * One file from the media screen once JavaScript runs (media-uploader.tsx), so that each file
 * has its own progress and answer: JSON with the item's guid and the toast's words, or the
 * refusal's words with its status (400, 413 or 415), nothing written; the words in the page's language.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant } = await requireStaffArea(request, context)
  const upload = await readUploadForm(request)
  const uploaded = await uploadMedia({ platform: context.platform, env: context.platform.env, tenant, upload })
  if (uploaded.ok) return Response.json({ guids: uploaded.value.guids, message: translateMessage(context.language, uploaded.value.message) }, { headers: NO_STORE })
  return Response.json({ message: translateMessage(context.language, uploaded.message) }, { status: statusOf(uploaded.error), headers: NO_STORE })
}
