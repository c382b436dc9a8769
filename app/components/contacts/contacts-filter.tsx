import { Form, Link, useLocation, useNavigationType, useSubmit } from '@remix-run/react'
import { Search } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { CONTACT_STATUSES, hasCustomFieldCondition, MAX_SEARCH_LENGTH, type ContactListFilter } from '#server/contacts/contact-list-filter'
import type { ContactListOptions } from '#server/contacts/list-contacts'
import { Button } from '#app/components/ui/button'
import { FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { CustomFieldFilter } from './custom-field-filter'
import { FilterHiddenFields } from './filter-hidden-fields'
import { useContactsWords } from './use-contacts-words'

const SEARCH_DEBOUNCE_MS = 300

/** Marks an address this form asked for, so its answer does not redraw what is being typed. */
const FROM_FILTER_FORM = 'contacts-filter-form'

function isFromFilterForm(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'from' in state && state.from === FROM_FILTER_FORM
}

/**
 * Which drawing of the form to show. Another address (a stat clicked, 'Clear filters', Back)
 * redraws the fields with its values; the answer to the form's own change keeps them, since
 * on a slow line the person has often typed on while it loaded.
 */
function useFormGeneration(filterKey: string): number {
  const location = useLocation()
  const navigationType = useNavigationType()
  const [seen, setSeen] = useState({ filterKey, generation: 0 })
  if (seen.filterKey !== filterKey) {
    const askedHere = navigationType !== 'POP' && isFromFilterForm(location.state)
    setSeen({ filterKey, generation: askedHere ? seen.generation : seen.generation + 1 })
  }
  return seen.generation
}

/** The custom field condition as the server read it: the field chosen (when the studio has it) and why its value is not applied. */
export interface CustomFieldFilterState {
  fieldGuId: string | null
  problem: string | null
}

/**
 * The list's search and filters, one GET form: the URL holds the whole filter, so a filtered
 * list can be bookmarked and the form works without JavaScript (Apply). With JavaScript a
 * change applies at once and typing in the search or a custom field's value applies after a
 * short pause.
 */
export function ContactsFilter({ filter, options, customField }: { filter: ContactListFilter; options: ContactListOptions; customField: CustomFieldFilterState }) {
  const { t } = useContactsWords()
  const submit = useSubmit()
  const hydrated = useHydrated()
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])
  // Empty fields stay out of the address, as they do from the links on this page.
  // Another custom field drops the value typed for the last one (`leaveOut`).
  const applyNow = (form: HTMLFormElement, leaveOut?: string) => {
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value.trim() !== '' && name !== leaveOut) params.append(name, value)
    submit(params, {
      method: 'get',
      action: '/contacts',
      replace: true,
      preventScrollReset: true,
      state: { from: FROM_FILTER_FORM },
    })
  }
  const narrowing =
    filter.statuses.length +
    filter.tagIds.length +
    [filter.category, filter.salesStage, filter.accountStage, filter.joinedFrom, filter.joinedTo].filter(Boolean).length +
    (filter.walkInOnly ? 1 : 0) +
    (hasCustomFieldCondition(filter) ? 1 : 0)
  const applyAfterPause = (form: HTMLFormElement) => {
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => applyNow(form), SEARCH_DEBOUNCE_MS)
  }
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement
    // Typed text waits for a pause (its own onChange); a select or a box applies at once.
    if (target.name === 'q' || (target.name === 'cfv' && target instanceof HTMLInputElement)) return
    window.clearTimeout(timer.current)
    applyNow(event.currentTarget, target.name === 'cf' ? 'cfv' : undefined)
  }
  const generation = useFormGeneration(JSON.stringify({ ...filter, page: 1 }))
  return (
    <Form
      method="get"
      action="/contacts"
      role="search"
      aria-label={t('searchAndFilter')}
      onChange={onChange}
      key={generation}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <FilterHiddenFields
        filter={filter}
        omit={['search', 'statuses', 'tagIds', 'category', 'salesStage', 'accountStage', 'walkInOnly', 'joinedFrom', 'joinedTo', 'customField', 'sort', 'direction', 'page']}
      />
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="contacts-search" className="text-sm font-medium text-slate-700">
            {t('search')}
          </label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-500" />
            <input
              id="contacts-search"
              type="search"
              name="q"
              defaultValue={filter.search}
              maxLength={MAX_SEARCH_LENGTH}
              placeholder={t('searchPlaceholder')}
              className={`${FIELD_INPUT_CLASSES} w-full pl-9`}
              onChange={(event) => {
                const form = event.currentTarget.form
                if (form) applyAfterPause(form)
              }}
            />
          </div>
        </div>

        {/* A custom field chosen stays in view, its value still to be given. */}
        <details open={narrowing > 0 || filter.customField !== null} className="group">
          <summary className="cursor-pointer text-sm font-medium text-brand-text select-none">{narrowing > 0 ? t('filtersApplied', { count: narrowing }) : t('filters')}</summary>
          <div className="mt-3 flex flex-col gap-4">
            <fieldset>
              <legend className="text-sm font-medium text-slate-700">{t('status')}</legend>
              <div className="mt-1.5 flex flex-wrap gap-2">
                {CONTACT_STATUSES.map((status) => (
                  <label
                    key={status}
                    className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 has-[:checked]:border-brand has-[:checked]:bg-brand/10 has-[:checked]:text-slate-900"
                  >
                    <input type="checkbox" name="status" value={status} defaultChecked={filter.statuses.includes(status)} className="h-4 w-4 accent-brand" />
                    {t(`status_${status}`)}
                  </label>
                ))}
                <label className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 has-[:checked]:border-brand has-[:checked]:bg-brand/10 has-[:checked]:text-slate-900">
                  <input type="checkbox" name="walkIn" value="1" defaultChecked={filter.walkInOnly} className="h-4 w-4 accent-brand" />
                  {t('walkInOnly')}
                </label>
              </div>
            </fieldset>

            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <Choice
                id="contacts-tag"
                name="tag"
                label={t('tag')}
                value={filter.tagIds[0] ?? ''}
                choices={options.tags.map((tag) => ({
                  value: tag.id,
                  label: tag.name,
                }))}
                anyLabel={t('anyTag')}
              />
              <Choice
                id="contacts-category"
                name="category"
                label={t('category')}
                value={filter.category ?? ''}
                choices={labels(options.categories, filter.category)}
                anyLabel={t('anyCategory')}
              />
              <Choice
                id="contacts-sales-stage"
                name="salesStage"
                label={t('salesStage')}
                value={filter.salesStage ?? ''}
                choices={labels(options.salesStages, filter.salesStage)}
                anyLabel={t('anySalesStage')}
              />
              <Choice
                id="contacts-account-stage"
                name="accountStage"
                label={t('accountStage')}
                value={filter.accountStage ?? ''}
                choices={labels(options.accountStages, filter.accountStage)}
                anyLabel={t('anyAccountStage')}
              />
              <Labelled id="contacts-joined-from" label={t('joinedFrom')}>
                <input id="contacts-joined-from" type="date" name="joinedFrom" defaultValue={filter.joinedFrom ?? ''} className={FIELD_INPUT_CLASSES} />
              </Labelled>
              <Labelled id="contacts-joined-to" label={t('joinedTo')}>
                <input id="contacts-joined-to" type="date" name="joinedTo" defaultValue={filter.joinedTo ?? ''} className={FIELD_INPUT_CLASSES} />
              </Labelled>
              {options.customFields.length > 0 ? (
                <CustomFieldFilter
                  fields={options.customFields}
                  chosen={customField.fieldGuId ?? ''}
                  value={filter.customField?.value ?? ''}
                  problem={customField.problem}
                  onTyped={applyAfterPause}
                />
              ) : null}
              <Choice
                id="contacts-sort"
                name="sort"
                label={t('sortBy')}
                value={filter.sort}
                choices={[
                  { value: 'name', label: t('name') },
                  { value: 'created', label: t('dateCreated') },
                  { value: 'updated', label: t('dateUpdated') },
                  { value: 'balance', label: t('balance') },
                ]}
              />
              <Choice
                id="contacts-order"
                name="order"
                label={t('order')}
                value={filter.direction}
                choices={[
                  { value: 'asc', label: t('ascending') },
                  { value: 'desc', label: t('descending') },
                ]}
              />
            </div>
          </div>
        </details>

        <div className="flex flex-wrap items-center gap-3">
          {/* With JavaScript the form applies itself; the button stays for keyboard users who prefer it. */}
          <Button type="submit" variant={hydrated ? 'secondary' : 'primary'}>
            {t('apply')}
          </Button>
          <Link to="/contacts" className="text-sm font-medium text-brand-text underline-offset-2 hover:underline">
            {t('clearFilters')}
          </Link>
        </div>
      </div>
    </Form>
  )
}

/** The values to offer, with the one in the URL kept even when no contact has it any more. */
function labels(values: string[], current: string | null): Array<{ value: string; label: string }> {
  const all = current && !values.includes(current) ? [...values, current] : values
  return all.map((value) => ({ value, label: value }))
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  )
}

function Choice({
  id,
  name,
  label,
  value,
  choices,
  anyLabel,
}: {
  id: string
  name: string
  label: string
  value: string
  choices: Array<{ value: string; label: string }>
  anyLabel?: string
}) {
  return (
    <Labelled id={id} label={label}>
      <select id={id} name={name} defaultValue={value} className={FIELD_INPUT_CLASSES}>
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </Labelled>
  )
}
