import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { EditedItemKind } from '#server/catalog/items/item-kinds'
import type { ItemFormValues } from '#server/catalog/items/item-form'
import { COVER_INPUT, GALLERY_INPUT, GALLERY_REMOVE, MAX_GALLERY_IMAGES } from '#server/catalog/items/cover-variants'
import { RichTextEditor } from '#app/components/rich-text/rich-text-editor'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { Field, fieldErrorId } from '#app/components/ui/field'
import { CheckboxInput, idOf, TextInput } from './item-form-fields'
import { PriceOptionsEditor } from './price-options-editor'

export type ItemEditorScreen = { kind: EditedItemKind; path: string; singular: string; plural: string; allowsMemberships: boolean }

type Props = {
  screen: ItemEditorScreen
  /** Where the form posts: the item's own address, or the list's /new. */
  action: string
  values: ItemFormValues
  errors: Record<string, readonly string[]>
  formError: string | null
  currency: string
  coverUrl: string | null
  /** A product's further pictures (null for kinds that have only a cover). */
  gallery?: Array<{ key: string; url: string }> | null
  /** The kind's own fields, drawn in their card between the details and the price options. */
  kindFields?: ReactNode
  kindTitle?: string
  /** Whether the item has price options at all (a free course shows the card anyway). */
  hasPriceOptions?: boolean
}

/**
 * The one editor every catalog kind uses: details (name, SEO URL, summary, rich-text
 * description), cover image, the kind's own fields, price options and publishing. One
 * multipart POST that works without JavaScript; the server's messages come back beside each
 * field and nothing is written until the whole form is valid.
 */
export function ItemEditorForm({ screen, action, values, errors, formError, currency, coverUrl, gallery = null, kindFields, kindTitle, hasPriceOptions = true }: Props) {
  const { t } = useTranslation('catalog')
  const { fields } = values
  const [description, setDescription] = useState(fields.description ?? '')
  useEffect(() => setDescription(values.fields.description ?? ''), [values])
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formAction === action && navigation.formData?.get('intent') === 'save'
  const descriptionErrors = errors.description ?? []
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="flex flex-col gap-5" aria-describedby={formError ? 'item-form-error' : undefined}>
      {/* The first submit button is the one Enter presses: Save, never a row's Remove. */}
      <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
        {t('save')}
      </button>
      {formError ? (
        <div id="item-form-error" role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {formError}
        </div>
      ) : null}

      <Card title={t('details')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput name="name" label={t('name')} value={fields.name ?? ''} errors={errors} required autoComplete="off" maxLength={200} />
          <TextInput
            name="slug"
            label={t('seoUrl')}
            hint={t('seoUrlHint')}
            value={fields.slug ?? ''}
            errors={errors}
            autoComplete="off"
          />
          <TextInput name="summary" label={t('summary')} value={fields.summary ?? ''} errors={errors} className="sm:col-span-2" autoComplete="off" maxLength={1000} />
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <label htmlFor={idOf('description')} className="text-sm font-medium text-slate-700">
              {t('description')}
            </label>
            <RichTextEditor
              id={idOf('description')}
              name="description"
              label={t('description')}
              value={description}
              onChange={setDescription}
              invalid={descriptionErrors.length > 0}
              describedBy={descriptionErrors.length > 0 ? fieldErrorId(idOf('description')) : undefined}
            />
            {descriptionErrors.length > 0 ? (
              <p id={fieldErrorId(idOf('description'))} className="text-sm text-red-700">
                {descriptionErrors.join(' ')}
              </p>
            ) : null}
          </div>
        </div>
      </Card>

      <Card title={t('coverImage')}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {coverUrl ? (
            <img src={coverUrl} alt={t('currentCover')} width={310} height={200} className="h-auto w-full max-w-[310px] rounded-md border border-slate-200 object-cover" />
          ) : (
            <div className="flex h-[120px] w-full max-w-[186px] items-center justify-center rounded-md border border-dashed border-slate-300 text-xs text-slate-500">{t('noCoverYet')}</div>
          )}
          <div className="flex flex-1 flex-col gap-3">
            <Field id={idOf(COVER_INPUT)} label={coverUrl ? t('replaceCover') : t('uploadCover')} hint={t('coverHint')} errors={errors[COVER_INPUT]}>
              {(control) => <input {...control} type="file" name={COVER_INPUT} accept="image/png,image/jpeg,image/gif,image/webp" className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm" />}
            </Field>
            {coverUrl ? <CheckboxInput name="removeCover" label={t('removeCover')} checked={false} errors={errors} /> : null}
          </div>
        </div>
      </Card>

      {gallery ? (
        <Card title={t('morePictures')}>
          <div className="flex flex-col gap-4">
            {gallery.length > 0 ? (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t('picturesOfProduct')}>
                {gallery.map((picture, index) => (
                  <li key={picture.key} className="flex flex-col gap-2">
                    <img src={picture.url} alt={t('pictureNumber', { number: index + 1 })} width={155} height={100} className="h-auto w-full rounded-md border border-slate-200 object-cover" />
                    <label className="flex items-center gap-2 text-sm text-slate-700">
                      <input type="checkbox" name={GALLERY_REMOVE} value={picture.key} className="h-4 w-4 accent-brand" />
                      {t('remove')}
                      <span className="sr-only">{t('removePictureNumber', { number: index + 1 })}</span>
                    </label>
                  </li>
                ))}
              </ul>
            ) : null}
            <Field id={idOf(GALLERY_INPUT)} label={t('addPictures')} hint={t('addPicturesHint', { max: MAX_GALLERY_IMAGES })} errors={errors[GALLERY_INPUT]}>
              {(control) => <input {...control} type="file" multiple name={GALLERY_INPUT} accept="image/png,image/jpeg,image/gif,image/webp" className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm" />}
            </Field>
          </div>
        </Card>
      ) : null}

      {kindFields ? <Card title={kindTitle ?? t(`${screen.kind}_singular`)}>{kindFields}</Card> : null}

      {hasPriceOptions ? (
        <Card title={t('priceOptions')}>
          <PriceOptionsEditor rows={values.priceOptions} errors={errors} currency={currency} allowsMemberships={screen.allowsMemberships} />
        </Card>
      ) : null}

      <Card>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <CheckboxInput name="isPublished" label={t('publishedOnWebsite')} checked={fields.isPublished === 'on'} errors={errors} />
          <div className="flex gap-2">
            <ButtonLink to={screen.path} variant="secondary">
              {t('cancel')}
            </ButtonLink>
            <Button type="submit" name="intent" value="save" variant="primary" busy={saving}>
              {t('save')}
            </Button>
          </div>
        </div>
      </Card>
    </Form>
  )
}
