import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/*
 * The staff toolbar's session controls, as plain forms (they work without JavaScript). The
 * layouts place them; the routes they post to check everything again.
 */

const menuButton = 'rounded px-3 py-1.5 text-sm font-medium hover:bg-slate-100'

/** 'Preview' menu: Web Preview and Student Preview. */
export function PreviewMenu({ className = 'flex gap-1' }: { className?: string }) {
  const { t } = useTranslation()
  return (
    <div className={className} role="group" aria-label={t('preview')}>
      <Form method="post" action="/preview/web">
        <button type="submit" className={menuButton}>
          {t('webPreview')}
        </button>
      </Form>
      <Form method="post" action="/preview/student">
        <button type="submit" className={menuButton}>
          {t('studentPreview')}
        </button>
      </Form>
    </div>
  )
}

/** 'Admin View': ends any preview and returns to /dashboard as the staff member. */
export function AdminViewButton({ className = 'rounded bg-brand px-3 py-1.5 text-sm font-medium text-white' }: { className?: string }) {
  const { t } = useTranslation()
  return (
    <Form method="post" action="/preview/end">
      <button type="submit" className={className}>
        {t('adminView')}
      </button>
    </Form>
  )
}

/** Preview the portal as one student (admins; for the contact screens). */
export function PreviewAsContactButton({ contactId, label = 'Preview as this contact' }: { contactId: string; label?: string }) {
  return (
    <Form method="post" action="/preview/as-contact">
      <input type="hidden" name="contactId" value={contactId} />
      <button type="submit" className={menuButton}>
        {label}
      </button>
    </Form>
  )
}
