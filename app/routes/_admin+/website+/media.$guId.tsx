import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Trans, useTranslation } from 'react-i18next'
import { statusOf } from '#server/errors/error-codes'
import { invalidInput, notFound } from '#server/errors/responses'
import { deleteMediaItem, loadMediaItem, readMediaPage, saveMediaText } from '#server/media/media-items'
import { MAX_ALT_TEXT, MEDIA_MESSAGES } from '#server/media/media-rules'
import { MediaPreview } from '#app/components/media/media-grid'
import { mediaItemPath, mediaPagePath } from '#app/components/media/media-paths'
import { Button, ButtonLink } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { Dialog } from '#app/components/ui/dialog'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { requireStaffArea } from '#app/utils/navigation.server'
import { redirectWithToast } from '#app/utils/toast.server'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Edit Image' }]

export const handle: I18nHandle = { i18n: ['website'] }

/** One item's dialog over the grid: its text to edit, or at `?confirm=delete` its delete confirmation. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requireStaffArea(request, context)
  const item = await loadMediaItem(context.platform, tenant, params.guId ?? '', context.language)
  if (!item) throw notFound(MEDIA_MESSAGES.notFound)
  const search = new URL(request.url).searchParams
  const title = tFor(context.language, 'website')(item.kind === 'video' ? 'media_editVideo' : 'media_editImage')
  return { item, page: readMediaPage(search), confirmDelete: search.get('confirm') === 'delete', title }
}

/**
 * The dialog's two forms, told apart by `intent`: `text` saves the alt text (an image) or the
 * title (a video), `delete` removes the item and its files. Done: back to the grid's page with
 * a toast. Another studio's item is a 404, whatever was posted.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { tenant } = await requireStaffArea(request, context)
  const form = await request.formData()
  const guid = params.guId ?? ''
  const back = mediaPagePath(readMediaPage(new URLSearchParams({ page: String(form.get('page') ?? '') })))
  const intent = form.get('intent')
  if (intent === 'delete') {
    const deleted = await deleteMediaItem(context.platform, context.platform.env, tenant, guid)
    if (!deleted.ok) throw notFound(deleted.message)
    return redirectWithToast(back, { type: 'success', message: deleted.value.message })
  }
  if (intent === 'text') {
    const saved = await saveMediaText(context.platform, tenant, { unverifiedGuid: guid, text: form.get('text'), now: new Date() })
    if (saved.ok) return redirectWithToast(back, { type: 'success', message: saved.value.message })
    if (saved.error === 'not_found') throw notFound(saved.message)
    const text = form.get('text')
    return data({ message: translateMessage(context.language, saved.message), text: typeof text === 'string' ? text : '' }, { status: statusOf(saved.error) })
  }
  if (!(await loadMediaItem(context.platform, tenant, guid))) throw notFound(MEDIA_MESSAGES.notFound)
  throw invalidInput()
}

export default function MediaItemRoute() {
  const { item, page, confirmDelete } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation('website')
  const back = mediaPagePath(page)
  const isImage = item.kind === 'image'
  const name = item.originalName || (isImage ? t('media_thisImage') : t('media_thisVideo'))
  if (confirmDelete) {
    return (
      <ConfirmDialog closeTo={back} title={isImage ? t('media_deleteImage') : t('media_deleteVideo')} intent="delete" yesLabel={t('delete')} hiddenFields={[['page', String(page)]]}>
        <p>
          <Trans t={t} i18nKey="media_deleteQuestion" values={{ name }} components={{ name: <span className="font-medium text-slate-900" /> }} />
        </p>
      </ConfirmDialog>
    )
  }
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'text'
  return (
    <Dialog title={isImage ? t('media_editImage') : t('media_editVideo')} closeTo={back} width={560}>
      <div className="flex flex-col gap-4">
        <MediaPreview item={item} sizes="(min-width: 600px) 520px, 100vw" className="max-h-72 w-full rounded-lg object-contain" />
        <p className="text-xs text-slate-600">{[item.originalName, item.sizeText, item.sidesText].filter(Boolean).join(' · ')}</p>
        <Form method="post" preventScrollReset className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="text" />
          <input type="hidden" name="page" value={String(page)} />
          <Field
            id="media-text"
            label={isImage ? t('media_altText') : t('media_titleField')}
            hint={isImage ? t('media_altTextHint', { max: MAX_ALT_TEXT }) : t('media_titleHint', { max: MAX_ALT_TEXT })}
            errors={refused ? [refused.message] : null}
          >
            {(control) => <input {...control} type="text" name="text" defaultValue={refused?.text ?? item.text} autoComplete="off" className={FIELD_INPUT_CLASSES} />}
          </Field>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <ButtonLink to={mediaItemPath(item.guid, page, true)} preventScrollReset variant="secondary">
              {t('delete')}
            </ButtonLink>
            <div className="flex gap-3">
              <ButtonLink to={back} preventScrollReset variant="secondary">
                {t('cancel')}
              </ButtonLink>
              <Button type="submit" variant="primary" busy={saving}>
                {t('save')}
              </Button>
            </div>
          </div>
        </Form>
      </div>
    </Dialog>
  )
}
