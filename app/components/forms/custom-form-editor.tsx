import { Link } from '@remix-run/react'
import { Eye, FileText } from 'lucide-react'
import type { ScreenDescriptor } from '#server/screens/descriptor'
import { SchemaForm, type SchemaFormResult } from '#app/components/schema-form/schema-form'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { FieldOrderEditor, type FieldChoice } from './field-order-editor'
import { useFormbuilderWords } from './use-formbuilder-words'

interface EditorProps {
  descriptor: ScreenDescriptor
  values: Record<string, unknown>
  fieldGuIds: string[]
  choices: FieldChoice[]
  form: { guId: string; name: string; isPublished: boolean; version: number } | null
  result: (SchemaFormResult & { fieldGuIds?: string[] }) | null
}

/** Add or edit a custom form: the descriptor form, with the ordered custom fields inside it. */
export function CustomFormEditor({ descriptor, values, fieldGuIds, choices, form, result }: EditorProps) {
  const order = result?.fieldGuIds ?? fieldGuIds
  const { t } = useFormbuilderWords()
  return (
    <div className="mx-auto flex max-w-5xl flex-col p-4 sm:p-6">
      <ScreenHeader title={form ? t('editFormTitle', { name: form.name }) : t('addForm')} backTo="/customforms">
        {form ? (
          <>
            <a href={`/introductory/${form.guId}`} target="_blank" rel="noreferrer" className={headerLink}>
              <Eye aria-hidden className="h-4 w-4" /> {t('preview')}
            </a>
            <Link to={`/customforms/${form.guId}/submissions`} className={headerLink}>
              <FileText aria-hidden className="h-4 w-4" /> {t('submissions')}
            </Link>
          </>
        ) : null}
      </ScreenHeader>
      {form ? (
        <p className="mb-4 text-sm text-slate-600">
          {form.isPublished ? (
            <>
              <span aria-hidden className="mr-1.5 inline-block h-2.5 w-2.5 rounded-full bg-green-500" />
              {t('publishedAt')}{' '}
              <a href={`/pforms/${form.guId}`} target="_blank" rel="noreferrer" className="text-brand underline">
                /pforms/{form.guId}
              </a>
            </>
          ) : (
            t('privateNote')
          )}{' '}
          {t('formVersionNote', { version: form.version })}
        </p>
      ) : null}
      <ScreenPanel>
        <SchemaForm
          id="custom-form"
          intent="custom-form"
          descriptor={descriptor}
          values={values}
          result={result}
          submitLabel={form ? t('update') : t('submit')}
          cancelTo="/customforms"
        >
          <FieldOrderEditor key={order.join(',')} choices={choices} initialOrder={order} />
        </SchemaForm>
      </ScreenPanel>
    </div>
  )
}

const headerLink = 'inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50'
