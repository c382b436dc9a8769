import { Form, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import { RichTextEditor } from '#app/components/rich-text/rich-text-editor'
import { Button, ButtonLink } from '#app/components/ui/button'
import { fieldErrorId } from '#app/components/ui/field'

export type NoticeFormValues = { id: string | null; message: string; type: string; isActive: boolean }
export type NoticeFormErrors = Partial<Record<'message' | 'type', string>>

/** Strips tags to tell an empty editor ('<p><br></p>') from a message; the server decides for real. */
function hasText(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== ''
}

/**
 * Add and edit of the notice dialog: type (notice or quote), rich-text message, Published or
 * Private. A plain POST; Submit waits for a message and a type once the page runs (spec 5).
 */
export function NoticeForm({ values, errors, backTo }: { values: NoticeFormValues; errors: NoticeFormErrors | null; backTo: string }) {
  const { t } = useTranslation('staff')
  const [message, setMessage] = useState(values.message)
  const [type, setType] = useState(values.type)
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const invalid = !hasText(message) || (type !== 'notice' && type !== 'quote')
  return (
    <Form method="post" className="flex flex-col gap-4" preventScrollReset>
      <input type="hidden" name="intent" value={values.id ? 'notice-edit' : 'notice-add'} />
      {values.id ? <input type="hidden" name="id" value={values.id} /> : null}
      <fieldset aria-describedby={errors?.type ? fieldErrorId('notice-type') : undefined}>
        <legend className="text-sm font-medium text-slate-700">{t('noticeManage_type')}</legend>
        <div className="mt-1.5 flex gap-5 text-sm">
          {(['notice', 'quote'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2">
              <input type="radio" name="type" value={option} checked={type === option} onChange={() => setType(option)} />
              {option === 'notice' ? t('noticeManage_notice') : t('noticeManage_quote')}
            </label>
          ))}
        </div>
        {errors?.type ? (
          <p id={fieldErrorId('notice-type')} className="mt-1 text-sm text-red-700">
            {errors.type}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="notice-message" className="text-sm font-medium text-slate-700">
          {t('noticeManage_message')}
        </label>
        <RichTextEditor
          id="notice-message"
          name="message"
          label={t('noticeManage_message')}
          value={message}
          onChange={setMessage}
          invalid={Boolean(errors?.message)}
          describedBy={errors?.message ? fieldErrorId('notice-message') : undefined}
        />
        {errors?.message ? (
          <p id={fieldErrorId('notice-message')} className="text-sm text-red-700">
            {errors.message}
          </p>
        ) : null}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t('noticeManage_status')}</legend>
        <div className="mt-1.5 flex gap-5 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="isActive" value="true" defaultChecked={values.isActive} /> {t('noticeManage_published')}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="isActive" value="false" defaultChecked={!values.isActive} /> {t('noticeManage_private')}
          </label>
        </div>
      </fieldset>
      <div className="flex justify-end gap-3">
        <ButtonLink to={backTo} variant="secondary" preventScrollReset>
          {t('noticeManage_cancel')}
        </ButtonLink>
        <Button type="submit" variant="primary" disabled={hydrated && invalid} busy={navigation.state === 'submitting'}>
          {t('noticeManage_submit')}
        </Button>
      </div>
    </Form>
  )
}
