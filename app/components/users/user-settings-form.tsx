import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ROLES } from '#server/shell/roles'
import { ROLE_REQUIRED_MESSAGE, userSettingsSchema } from '#server/users/user-settings-schema'
import type { UserDetail } from '#server/users/get-user-detail'
import { ToggleField } from './toggle-field'

/** The user detail form (settings spec, User detail): notifications, account flags, role. */
export function UserSettingsForm({ user, lastResult }: { user: UserDetail; lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation()
  const { t } = useTranslation('settings')
  const [form, fields] = useForm({
    // Keyed by user so switching users in the sidebar starts from that user's values.
    id: `user-${user.guid}`,
    lastResult,
    constraint: getZodConstraint(userSettingsSchema),
    defaultValue: {
      notifySales: user.notifySales ? 'on' : undefined,
      notifyContact: user.notifyContact ? 'on' : undefined,
      notifyProduct: user.notifyProduct ? 'on' : undefined,
      isAccountLocked: user.isAccountLocked ? 'on' : undefined,
      isTeacher: user.isTeacher ? 'on' : undefined,
      role: user.role ?? undefined,
    },
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: userSettingsSchema }),
  })
  const saving = navigation.state !== 'idle' && navigation.formMethod === 'POST'

  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
      {form.errors?.length ? (
        <div id={form.errorId} role="alert" className="rounded border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {form.errors.join(' ')}
        </div>
      ) : null}

      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-1 text-lg font-semibold">{t('notifications')}</h2>
        <ToggleField
          label={t('notifySales')}
          hint={t('notifySalesHint')}
          {...getInputProps(fields.notifySales, { type: 'checkbox' })}
        />
        <ToggleField label={t('notifyContact')} hint={t('notifyContactHint')} {...getInputProps(fields.notifyContact, { type: 'checkbox' })} />
        <ToggleField label={t('notifyProduct')} hint={t('notifyProductHint')} {...getInputProps(fields.notifyProduct, { type: 'checkbox' })} />
      </section>

      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-1 text-lg font-semibold">{t('accountSection')}</h2>
        <ToggleField
          label={t('accountSuspended')}
          hint={t('accountSuspendedHint')}
          {...getInputProps(fields.isAccountLocked, { type: 'checkbox' })}
        />
        <ToggleField label={t('teacher')} {...getInputProps(fields.isTeacher, { type: 'checkbox' })} />
      </section>

      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <fieldset aria-describedby={fields.role.errorId}>
          <legend className="mb-1 text-lg font-semibold">{t('role')}</legend>
          <div className="mt-2 inline-flex flex-wrap overflow-hidden rounded-md border border-slate-300">
            {ROLES.map((role) => (
              <label key={role} className="cursor-pointer border-slate-300 not-last:border-r">
                <input
                  {...getInputProps(fields.role, { type: 'radio', value: role })}
                  className="peer sr-only"
                />
                <span className="block px-4 py-2 text-sm font-medium text-slate-700 peer-checked:bg-brand peer-checked:text-on-brand peer-focus-visible:ring-2 peer-focus-visible:ring-brand peer-focus-visible:ring-inset">
                  {t(`role_${role}`)}
                </span>
              </label>
            ))}
          </div>
          {fields.role.errors?.length ? (
            <p id={fields.role.errorId} className="mt-2 text-sm text-red-700">
              {fields.role.errors.map((error) => (error === ROLE_REQUIRED_MESSAGE ? t('roleRequired') : error)).join(' ')}
            </p>
          ) : null}
        </fieldset>
      </section>

      <div className="flex justify-end gap-3">
        <Link to="/settings/users" className="rounded border border-slate-300 bg-white px-4 py-2 font-medium text-slate-700">
          {t('sf_cancel')}
        </Link>
        <button type="submit" disabled={saving} className="rounded bg-brand px-4 py-2 font-medium text-on-brand disabled:opacity-60">
          {saving ? t('sf_saving') : t('sf_submit')}
        </button>
      </div>
    </Form>
  )
}
