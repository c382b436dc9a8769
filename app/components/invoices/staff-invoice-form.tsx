import { Form, Link, useNavigation } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import type { InvoiceItemChoice, StaffChoice } from '#server/invoices/invoice-choices'
import { CUSTOM_LINE, INVOICE_FORM_LINES, isBlankLine, type InvoiceFormErrors, type InvoiceFormValues } from '#server/invoices/invoice-form'

export const MORE_LINES_INTENT = 'more-lines'

/** The billing words a catalog kind's group of choices is headed with. */
const KIND_KEYS = { course: 'kindCourses', event: 'kindEvents', product: 'kindMerchandise', bundle: 'kindBundles', membership: 'kindMemberships' } as const

function isKnownKind(kind: string): kind is keyof typeof KIND_KEYS {
  return Object.hasOwn(KIND_KEYS, kind)
}

/** Rows shown: every filled one and one blank (at least three), or more once asked for. */
export function visibleLineCount(values: InvoiceFormValues, asked: number): number {
  const lastFilled = values.lines.reduce((last, line, index) => (isBlankLine(line) ? last : index), -1)
  return Math.min(INVOICE_FORM_LINES, Math.max(3, lastFilled + 2, asked))
}

/**
 * The staff invoice form (create and edit): the contact it is for, lines from the catalog or
 * described by hand, the due date, note and sales person. Posts as a plain form; errors come
 * back beside their fields.
 */
export function StaffInvoiceForm({
  contact,
  changeContactHref,
  values,
  errors,
  choices,
  shownLines,
  currency,
  submitLabel,
  cancelHref,
}: {
  contact: { guid: string; name: string; email: string | null }
  changeContactHref: string | null
  values: InvoiceFormValues
  errors: InvoiceFormErrors
  choices: { items: InvoiceItemChoice[]; staff: StaffChoice[] }
  shownLines: number
  currency: string
  submitLabel: string
  cancelHref: string
}) {
  const { t } = useTranslation('billing')
  const navigation = useNavigation()
  const [shown, setShown] = useState(shownLines)
  const kinds = [...new Set(choices.items.map((item) => item.kind))]
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="contact" value={contact.guid} />
      {errors.form ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <p className="text-sm text-slate-500">{t('invoiceTo')}</p>
            <p className="text-lg font-semibold text-slate-900" data-invoice-contact>
              {contact.name}
            </p>
            {contact.email ? <p className="text-sm text-slate-600">{contact.email}</p> : <p className="text-sm text-amber-800">{t('noEmailCannotEmail')}</p>}
          </div>
          {changeContactHref ? (
            <Link to={changeContactHref} className="text-sm font-medium text-brand-text underline-offset-2 hover:underline">
              {t('changeContact')}
            </Link>
          ) : null}
        </div>
        {errors.contact ? <p className="mt-2 text-sm text-red-700">{errors.contact}</p> : null}
      </Card>

      <Card title={t('lines')}>
        {errors.lines ? (
          <p role="alert" className="mb-3 text-sm text-red-700">
            {errors.lines}
          </p>
        ) : null}
        <p className="mb-3 text-sm text-slate-600">
          {t('linesHelp')}
        </p>
        <ol className="flex flex-col gap-4">
          {values.lines.slice(0, shown).map((line, index) => {
            const lineErrors = errors.line?.[index] ?? {}
            const id = (name: string) => `line-${index}-${name}`
            return (
              <li key={index} className="grid grid-cols-2 gap-3 border-b border-slate-100 pb-4 last:border-0 last:pb-0 sm:grid-cols-12" data-invoice-line={index + 1}>
                <Field id={id('choice')} label={t('lineNumber', { number: index + 1 })} errors={lineErrors.choice ? [lineErrors.choice] : null} className="col-span-2 sm:col-span-5">
                  {(control) => (
                    <select {...control} name={`lines[${index}].choice`} defaultValue={line.choice || CUSTOM_LINE} className={FIELD_INPUT_CLASSES}>
                      <option value={CUSTOM_LINE}>{t('describedBelow')}</option>
                      {kinds.map((kind) => (
                        <optgroup key={kind} label={isKnownKind(kind) ? t(KIND_KEYS[kind]) : kind}>
                          {choices.items
                            .filter((item) => item.kind === kind)
                            .map((item) => (
                              <option key={item.guid} value={item.guid}>
                                {item.label}
                              </option>
                            ))}
                        </optgroup>
                      ))}
                    </select>
                  )}
                </Field>
                <Field
                  id={id('description')}
                  label={
                    <>
                      {t('description')}
                      <span className="sr-only"> {t('ofLine', { number: index + 1 })}</span>
                    </>
                  }
                  errors={lineErrors.description ? [lineErrors.description] : null}
                  className="col-span-2 sm:col-span-4"
                >
                  {(control) => <input {...control} name={`lines[${index}].description`} maxLength={200} defaultValue={line.description} className={FIELD_INPUT_CLASSES} />}
                </Field>
                <Field
                  id={id('price')}
                  label={
                    <>
                      {t('priceIn', { currency })}
                      <span className="sr-only"> {t('ofLine', { number: index + 1 })}</span>
                    </>
                  }
                  errors={lineErrors.price ? [lineErrors.price] : null}
                  className="sm:col-span-2"
                >
                  {(control) => <input {...control} name={`lines[${index}].price`} inputMode="decimal" autoComplete="off" defaultValue={line.price} className={`${FIELD_INPUT_CLASSES} w-full`} />}
                </Field>
                <Field
                  id={id('quantity')}
                  label={
                    <>
                      {t('columnQty')}
                      <span className="sr-only"> {t('ofLine', { number: index + 1 })}</span>
                    </>
                  }
                  errors={lineErrors.quantity ? [lineErrors.quantity] : null}
                  className="sm:col-span-1"
                >
                  {(control) => <input {...control} name={`lines[${index}].quantity`} inputMode="numeric" defaultValue={line.quantity} className={`${FIELD_INPUT_CLASSES} w-full`} />}
                </Field>
                <div className="col-span-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700 sm:col-span-12">
                  <label className="flex min-h-8 items-center gap-2">
                    <input type="checkbox" name={`lines[${index}].taxable`} defaultChecked={line.taxable} className="h-4 w-4 rounded border-slate-300" />
                    {t('taxable')}
                    <span className="sr-only"> ({t('lineNumberLower', { number: index + 1 })})</span>
                  </label>
                  <label className="flex min-h-8 items-center gap-2">
                    <input type="checkbox" name={`lines[${index}].cardFees`} defaultChecked={line.cardFees} className="h-4 w-4 rounded border-slate-300" />
                    {t('chargeCardFees')}
                    <span className="sr-only"> ({t('lineNumberLower', { number: index + 1 })})</span>
                  </label>
                </div>
              </li>
            )
          })}
        </ol>
        {shown < INVOICE_FORM_LINES ? (
          <Button
            type="submit"
            name="intent"
            value={MORE_LINES_INTENT}
            variant="secondary"
            className="mt-3"
            onClick={(event) => {
              // With JavaScript the rows open in place; without it the post draws the form again with them.
              event.preventDefault()
              setShown((count) => Math.min(INVOICE_FORM_LINES, count + 2))
            }}
          >
            <Plus aria-hidden className="h-4 w-4" /> {t('moreLines')}
          </Button>
        ) : null}
        <input type="hidden" name="shownLines" value={shown} />
      </Card>

      <Card title={t('details')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="invoice-due" label={t('dueDate')} hint={t('dueDateHint')} errors={errors.dueOn ? [errors.dueOn] : null}>
            {(control) => <input {...control} type="date" name="dueOn" defaultValue={values.dueOn} className={FIELD_INPUT_CLASSES} />}
          </Field>
          <Field id="invoice-sales-person" label={t('salesPerson')} errors={errors.salesPerson ? [errors.salesPerson] : null}>
            {(control) => (
              <select {...control} name="salesPerson" defaultValue={values.salesPerson} className={FIELD_INPUT_CLASSES}>
                <option value="">{t('nobody')}</option>
                {choices.staff.map((person) => (
                  <option key={person.guid} value={person.guid}>
                    {person.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="invoice-note" label={t('note')} hint={t('noteHint')} errors={errors.note ? [errors.note] : null} className="sm:col-span-2">
            {(control) => <textarea {...control} name="note" rows={3} maxLength={1000} defaultValue={values.note} className={FIELD_INPUT_CLASSES} />}
          </Field>
        </div>
      </Card>
      <div className="flex flex-wrap justify-end gap-3">
        <ButtonLink to={cancelHref} variant="secondary">
          {t('cancel')}
        </ButtonLink>
        <Button type="submit" name="intent" value="save" variant="primary" disabled={navigation.state !== 'idle'}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  )
}
