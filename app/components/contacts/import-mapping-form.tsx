import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { useRef, type ChangeEvent } from 'react'
import type { MappingStep } from '#server/contacts/import/mapping-step'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { Field, FIELD_INPUT_CLASSES, fieldErrorId } from '#app/components/ui/field'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { useContactsWords } from './use-contacts-words'

const OUTCOME_CLASSES = {
  create: 'text-emerald-800',
  update: 'text-sky-800',
  skip: 'text-slate-600',
  error: 'font-medium text-red-700',
} as const

/**
 * The mapping step: the separator, a target per column (suggested from the header), what to do
 * with an email that exists, and the first rows as they would be saved. Without JavaScript
 * 'Update preview' posts the choices and the page comes back with them; with it, every change
 * does that by itself. 'Import' starts the job.
 */
export function ImportMappingForm({ step, message }: { step: MappingStep; message: string | null }) {
  const submit = useSubmit()
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  const intent = navigation.formData?.get('intent')
  const starting = navigation.state !== 'idle' && intent === 'start'
  const previewing = navigation.state !== 'idle' && intent === 'preview'
  const { t, shown } = useContactsWords()
  const rowsLabel = t('import_rows', { count: step.totalRows, shown: shown(step.totalRows) })

  const preview = (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) => {
    const form = event.currentTarget.form ?? formRef.current
    if (!form) return
    const formData = new FormData(form)
    formData.set('intent', 'preview')
    submit(formData, { method: 'post', replace: true, preventScrollReset: true })
  }

  return (
    <Form ref={formRef} method="post" className="flex flex-col gap-5" key={`${step.delimiter}:${step.header.join('\u0000')}`}>
      {message ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          {message}
        </p>
      ) : null}
      <Card title={t('import_file')}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <p className="text-sm text-slate-700 sm:pt-7">
            <span className="font-medium text-slate-900 break-all">{step.fileName}</span>
            <span className="text-slate-500"> · {rowsLabel} · {t('import_columnCount', { shown: shown(step.header.length) })}</span>
          </p>
          <Field id="import-delimiter" label={t('import_delimiter')} hint={t('import_delimiterHint')} className="sm:w-64">
            {(control) => (
              <select {...control} name="delimiter" defaultValue={step.delimiter} onChange={preview} className={FIELD_INPUT_CLASSES}>
                <option value=",">{t('import_commas')}</option>
                <option value=";">{t('import_semicolons')}</option>
              </select>
            )}
          </Field>
        </div>
      </Card>

      <Card title={t('import_columns')} padding="flush">
        <p className="px-5 pt-4 text-sm text-slate-600">
          {t('import_columnsHelp')}
        </p>
        {step.problems.form ? (
          <p id="mapping-problem" className="px-5 pt-2 text-sm font-medium text-red-700">
            {step.problems.form}
          </p>
        ) : null}
        {/* A list rather than a table: on a phone each column stacks its name, sample and choice, so the choice stays in view. */}
        <div className="p-4">
          <div aria-hidden className="hidden grid-cols-[1fr_1fr_1.3fr] gap-4 rounded-t-lg border border-b-0 border-slate-200 bg-slate-50 px-4 py-3 text-xs font-semibold uppercase tracking-wide text-slate-600 sm:grid">
            <span>{t('import_columnInFile')}</span>
            <span>{t('import_firstRow')}</span>
            <span>{t('import_importAs')}</span>
          </div>
          <ul aria-label={t('import_columnsList')} className="divide-y divide-slate-100 rounded-lg border border-slate-200 sm:rounded-t-none">
            {step.header.map((name, index) => {
              const problem = step.problems.columns[String(index)]
              const id = `column-${index}`
              return (
                <li key={id} className="grid gap-1.5 px-4 py-3 sm:grid-cols-[1fr_1fr_1.3fr] sm:items-center sm:gap-4">
                  <span id={`${id}-name`} className="truncate text-sm font-medium text-slate-900">
                    {name}
                  </span>
                  <span className="truncate text-sm text-slate-600">
                    <span className="sm:sr-only">{t('import_firstRow')}: </span>
                    {step.samples[index] || <span className="text-slate-500">{t('import_blank')}</span>}
                  </span>
                  <span>
                    <select
                      id={id}
                      name={id}
                      aria-labelledby={`${id}-name`}
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={problem ? fieldErrorId(id) : undefined}
                      defaultValue={step.mapping[String(index)] ?? ''}
                      onChange={preview}
                      className={`${FIELD_INPUT_CLASSES} w-full`}
                    >
                      <option value="">{t('import_doNotImport')}</option>
                      {(['Contact', 'Custom fields'] as const).map((group) => {
                        const options = step.options.filter((option) => option.group === group)
                        return options.length === 0 ? null : (
                          <optgroup key={group} label={group === 'Contact' ? t('import_groupContact') : t('import_groupCustom')}>
                            {options.map((option) => (
                              <option key={option.key} value={option.key}>
                                {option.label}
                              </option>
                            ))}
                          </optgroup>
                        )
                      })}
                    </select>
                    {problem ? (
                      <span id={fieldErrorId(id)} className="mt-1 block text-sm text-red-700">
                        {problem}
                      </span>
                    ) : null}
                  </span>
                </li>
              )
            })}
          </ul>
        </div>
      </Card>

      <Card title={t('import_duplicates')}>
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('import_duplicates')}</legend>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="radio" name="onDuplicate" value="skip" defaultChecked={step.onDuplicate === 'skip'} onChange={preview} className="mt-0.5" />
            <span>
              <span className="font-medium">{t('import_skip')}</span>: {t('import_skipText')}
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="radio" name="onDuplicate" value="update" defaultChecked={step.onDuplicate === 'update'} onChange={preview} className="mt-0.5" />
            <span>
              <span className="font-medium">{t('import_update')}</span>: {t('import_updateText')}
            </span>
          </label>
        </fieldset>
      </Card>

      <Card title={t('import_previewTitle', { shown: shown(step.preview.rows.length) })} padding="flush">
        <div className="p-4">
          <Table label={t('import_previewTable')} minWidth={Math.max(560, 160 * (step.preview.columns.length + 2))}>
            <TableHead>
              <HeaderCell>{t('import_row')}</HeaderCell>
              <HeaderCell>{t('import_result')}</HeaderCell>
              {step.preview.columns.map((column) => (
                <HeaderCell key={column}>{column}</HeaderCell>
              ))}
            </TableHead>
            <TableBody columnCount={step.preview.columns.length + 2} empty={t('import_previewEmpty')}>
              {step.preview.rows.map((row) => (
                <Row key={row.rowNumber}>
                  <HeaderCell scope="row">{row.rowNumber}</HeaderCell>
                  <Cell className={`min-w-56 ${OUTCOME_CLASSES[row.outcome]}`}>{row.note}</Cell>
                  {row.values.map((value, index) => (
                    <Cell key={index} className={`max-w-56 truncate ${row.outcome === 'error' ? 'text-slate-500' : ''}`}>
                      {value}
                    </Cell>
                  ))}
                </Row>
              ))}
            </TableBody>
          </Table>
        </div>
      </Card>

      <div className="flex flex-wrap items-center justify-end gap-3">
        <Button type="submit" name="intent" value="preview" variant="secondary" busy={previewing}>
          {t('import_updatePreview')}
        </Button>
        <Button type="submit" name="intent" value="start" variant="primary" busy={starting}>
          {t('import_start', { rows: rowsLabel })}
        </Button>
      </div>
    </Form>
  )
}
