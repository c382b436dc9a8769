import { Form, useNavigation } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { FRANCHISE_TIME_ZONES, type FranchiseFormErrors, type FranchiseFormValues } from '#server/franchises/franchise-form'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'

type FieldName = keyof FranchiseFormValues

export interface FranchiseFormProps {
  mode: 'create' | 'edit'
  values: FranchiseFormValues
  errors: FranchiseFormErrors
  /** Edit only: read-only facts of the franchise. */
  facts?: { tenantId: string; dateCreatedStr: string }
  /** Edit only: the franchise's admins, one of whom owns its account. */
  owners?: ReadonlyArray<{ value: string; label: string }>
  /** Edit only: the address of the delete confirmation. */
  deleteHref?: string
}

/**
 * The franchise form (settings spec, Franchise screens): create mode without an id, edit mode
 * with one. A plain POST: the server checks it and draws it again with its messages.
 */
export function FranchiseForm({ mode, values, errors, facts, owners, deleteHref }: FranchiseFormProps) {
  const busy = useNavigation().state === 'submitting'
  const { t } = useTranslation('settings')
  const text = (name: FieldName, label: string, options: { required?: boolean; type?: string; autoComplete?: string; maxLength?: number; inputMode?: 'numeric' | 'tel' | 'email' } = {}) => (
    <Field id={`franchise-${name}`} label={label} required={options.required} errors={errors[name] ? [errors[name]] : null}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={options.type ?? 'text'}
          defaultValue={name === 'password' ? undefined : (values[name] ?? '')}
          autoComplete={options.autoComplete ?? 'off'}
          maxLength={options.maxLength ?? 200}
          inputMode={options.inputMode}
          className={FIELD_INPUT_CLASSES}
        />
      )}
    </Field>
  )
  return (
    <div className="mx-auto flex max-w-4xl flex-col p-4 sm:p-6">
      <ScreenHeader title={mode === 'create' ? t('newFranchise') : t('editFranchise')} backTo="/settings/franchise">
        {deleteHref ? (
          <ButtonLink to={deleteHref} variant="danger" preventScrollReset>
            <Trash2 aria-hidden className="h-4 w-4" />
            {t('delete')}
          </ButtonLink>
        ) : null}
      </ScreenHeader>
      <Form method="post" noValidate className="flex flex-col gap-5">
        <input type="hidden" name="intent" value="save" />
        {errors.form ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {errors.form}
          </p>
        ) : null}
        <Section title={t('franchiseTitle')}>
          {text('businessName', t('businessName'), { required: true, autoComplete: 'organization' })}
          {text('orgId', t('colOrgId'), { required: true, maxLength: 63 })}
          {text('phone', t('phone'), { required: true, type: 'tel', autoComplete: 'tel', maxLength: 40 })}
          {mode === 'create' ? (
            <Field id="franchise-timezone" label={t('timeZone')} required errors={errors.timezone ? [errors.timezone] : null}>
              {(control) => (
                <select {...control} name="timezone" defaultValue={values.timezone ?? ''} className={FIELD_INPUT_CLASSES}>
                  <option value="">{t('selectTimeZone')}</option>
                  {FRANCHISE_TIME_ZONES.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          {owners ? (
            <Field id="franchise-accountOwner" label={t('accountOwner')} errors={errors.accountOwner ? [errors.accountOwner] : null}>
              {(control) => (
                <select {...control} name="accountOwner" defaultValue={values.accountOwner ?? ''} className={FIELD_INPUT_CLASSES}>
                  {values.accountOwner ? null : <option value="">{t('selectAccountOwner')}</option>}
                  {owners.map((owner) => (
                    <option key={owner.value} value={owner.value}>
                      {owner.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          {facts ? (
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:col-span-2">
              <dt className="text-slate-600">{t('tenantId')}</dt>
              <dd className="text-slate-900">{facts.tenantId}</dd>
              <dt className="text-slate-600">{t('colCreatedDate')}</dt>
              <dd className="text-slate-900">{facts.dateCreatedStr}</dd>
            </dl>
          ) : null}
        </Section>
        {mode === 'create' ? (
          <Section title={t('adminUser')}>
            {text('userName', t('adminName'), { required: true, autoComplete: 'name', maxLength: 100 })}
            {text('email', t('email'), { required: true, type: 'email', autoComplete: 'email', maxLength: 320 })}
            {text('password', t('password'), { required: true, type: 'password', autoComplete: 'new-password', maxLength: 128 })}
          </Section>
        ) : (
          <Section title={t('sender')}>
            {text('fromEmailName', t('fromEmailName'))}
            {text('fromEmail', t('fromEmail'), { type: 'email', maxLength: 320 })}
          </Section>
        )}
        <Section title={t('address')}>
          {text('line1', t('street'), { autoComplete: 'address-line1' })}
          {text('line2', t('apartment'), { autoComplete: 'address-line2' })}
          {text('city', t('city'), { required: true, autoComplete: 'address-level2', maxLength: 100 })}
          {text('state', t('state'), { required: true, autoComplete: 'address-level1', maxLength: 100 })}
          {text('zip', t('zipCode'), { required: true, autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 10 })}
        </Section>
        <div className="flex justify-end gap-3">
          <ButtonLink to="/settings/franchise" variant="secondary">
            {t('sf_cancel')}
          </ButtonLink>
          <Button type="submit" variant="primary" busy={busy}>
            {t('sf_submit')}
          </Button>
        </div>
      </Form>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  // A floated legend is drawn inside the panel, as a heading, rather than across its border.
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <legend className="float-left mb-4 w-full text-lg font-semibold text-slate-900">{title}</legend>
      <div className="clear-both grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  )
}
