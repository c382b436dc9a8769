import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useActionData, useLoaderData } from '@remix-run/react'
import { Images } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { statusOf } from '#server/errors/error-codes'
import { readUploadForm } from '#server/files/read-upload-form'
import { listMediaItems, readMediaPage } from '#server/media/media-items'
import { MEDIA_MESSAGES, MEDIA_PAGE_SIZE } from '#server/media/media-rules'
import { uploadMedia } from '#server/media/upload-media.server'
import { MediaGrid } from '#app/components/media/media-grid'
import { MEDIA_PATH, mediaItemPath, mediaPagePath } from '#app/components/media/media-paths'
import { MediaUploader, type RefusedUpload } from '#app/components/media/media-uploader'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { EmptyState } from '#app/components/ui/empty-state'
import { PreviousNextNav } from '#app/components/ui/pagination'
import { requireStaffArea } from '#app/utils/navigation.server'
import { redirectWithToast } from '#app/utils/toast.server'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Media Gallery' }]

export const handle: I18nHandle = { i18n: ['website'] }

/** Website > Media Gallery: the studio's images and videos, newest first, a page at a time. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireStaffArea(request, context)
  const media = await listMediaItems(context.platform, tenant, readMediaPage(new URL(request.url).searchParams), context.language)
  // What the uploader says before anything is sent, in the page's language.
  const uploaderMessages = { chooseFiles: translateMessage(context.language, MEDIA_MESSAGES.chooseFiles), tooLarge: translateMessage(context.language, MEDIA_MESSAGES.tooLarge) }
  return { ...media, title: tFor(context.language, 'website')('media_title'), uploaderMessages }
}

/**
 * The upload form posted without JavaScript: every chosen file, all or none (with JavaScript
 * each file goes to /website/media/upload instead). Done: the grid with a toast. Refused: the
 * form with a message per file (400, 413 or 415), nothing written.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant } = await requireStaffArea(request, context)
  const upload = await readUploadForm(request)
  const uploaded = await uploadMedia({ platform: context.platform, env: context.platform.env, tenant, upload })
  if (uploaded.ok) return redirectWithToast(MEDIA_PATH, { type: 'success', message: uploaded.value.message })
  const refusals = uploaded.details.refusals.map((refusal) => ({ ...refusal, message: translateMessage(context.language, refusal.message) }))
  return data<RefusedUpload>({ message: translateMessage(context.language, uploaded.message), refusals }, { status: statusOf(uploaded.error) })
}

export default function MediaGalleryRoute() {
  const { items, total, page, uploaderMessages } = useLoaderData<typeof loader>()
  const { t } = useTranslation('website')
  const refused = useActionData<typeof action>() ?? null
  const first = total === 0 ? 0 : (page - 1) * MEDIA_PAGE_SIZE + 1
  const last = Math.min(total, page * MEDIA_PAGE_SIZE)
  const itemHref = (guid: string, confirmDelete = false) => mediaItemPath(guid, page, confirmDelete)
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5 p-4 sm:p-6">
      <ScreenHeader title={t('media_title')} backTo="/website" />
      <p className="-mt-6 text-sm text-slate-600">
        {t('media_intro')}
      </p>
      <MediaUploader action={MEDIA_PATH} refused={refused} messages={uploaderMessages} />
      {total === 0 ? (
        <EmptyState icon={Images} title={t('media_empty')}>
          {t('media_emptyText')}
        </EmptyState>
      ) : (
        <>
          <MediaGrid items={items} itemHref={itemHref} />
          <PreviousNextNav first={first} last={last} total={total} previousHref={page > 1 ? mediaPagePath(page - 1) : null} nextHref={last < total ? mediaPagePath(page + 1) : null} />
        </>
      )}
      <Outlet />
    </div>
  )
}
