import { useTranslation } from 'react-i18next'
import type { PublicFormView, RefusedPost } from '#server/forms/public-form'
import { RegistrationFormIsland } from './registration-form-island'

/** The public form's page body: its descriptions around the form. Descriptions are sanitised on save. */
export function PublicFormPage({ view, refused, action }: { view: PublicFormView; refused: RefusedPost | null; action: string }) {
  const { t } = useTranslation('forms')
  return (
    <div className="mx-auto w-full max-w-2xl">
      {view.isPreview ? (
        <p role="status" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('previewNotice')}
        </p>
      ) : null}
      <article className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{view.form.name}</h1>
        {view.form.beforeFormHtml ? <div className="page-body mt-3 text-slate-700" dangerouslySetInnerHTML={{ __html: view.form.beforeFormHtml }} /> : null}
        {view.form.subHeaderHtml ? <div className="page-body mt-2 text-slate-700" dangerouslySetInnerHTML={{ __html: view.form.subHeaderHtml }} /> : null}
        <div className="mt-6">
          <RegistrationFormIsland key={refused?.stamp ?? view.stamp} view={view} refused={refused} action={action} />
        </div>
        {view.form.afterFormHtml ? <div className="page-body mt-6 text-sm text-slate-600" dangerouslySetInnerHTML={{ __html: view.form.afterFormHtml }} /> : null}
      </article>
    </div>
  )
}
