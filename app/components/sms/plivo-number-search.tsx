import { Form, useNavigation } from '@remix-run/react'
import { Search } from 'lucide-react'
import { Button } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { useIntegrationsWords } from '#app/components/integrations/use-integrations-words'
import type { AvailableNumber } from '#server/sms/plivo-number-status'

/** A search as the page shows it: the area code typed, the numbers found, or why there are none. */
export type PlivoSearch = { areaCode: string; numbers: AvailableNumber[]; areaCodeError: string | null; error: string | null }

/**
 * Numbers by area code and their Buy buttons (spec: agreed with no number, search available
 * numbers by area code and buy). The search is a GET (the area code in the address, so it works
 * without JavaScript and can be reloaded); each Buy is its own POST of that number.
 */
export function PlivoNumberSearch({ search, buyError }: { search: PlivoSearch | null; buyError: string | null }) {
  const { t } = useIntegrationsWords()
  const yesNo = (value: boolean) => (value ? t('yes') : t('no'))
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location.search.includes('areaCode=')
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'buy' ? String(navigation.formData.get('number')) : null
  const areaError = search?.areaCodeError ?? null
  const otherError = search?.error ?? null
  return (
    <div className="flex flex-col gap-4">
      <Form method="get" className="flex flex-wrap items-start gap-3" data-plivo-search>
        <Field id="plivo-area-code" label={t('plivoAreaCode')} errors={areaError ? [areaError] : null} hint={t('plivoAreaCodeHint')} className="w-44">
          {(control) => <input {...control} name="areaCode" type="number" inputMode="numeric" min={200} max={999} step={1} defaultValue={search?.areaCode ?? ''} className={FIELD_INPUT_CLASSES} />}
        </Field>
        {/* Level with the input: below the label's line (1.25rem) and the field's gap (0.375rem). */}
        <Button type="submit" variant="secondary" busy={searching} className="mt-[1.625rem]">
          <Search aria-hidden className="h-4 w-4" />
          {t('search')}
        </Button>
      </Form>
      {otherError || buyError ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {buyError ?? otherError}
        </div>
      ) : null}
      {search && !search.error && !search.areaCodeError ? (
        <Table caption={t('plivoNumbersInAreaCode', { areaCode: search.areaCode })} minWidth={640}>
          <TableHead>
            <HeaderCell>{t('plivoNumber')}</HeaderCell>
            <HeaderCell>{t('plivoRegion')}</HeaderCell>
            <HeaderCell>{t('plivoCountry')}</HeaderCell>
            <HeaderCell>SMS</HeaderCell>
            <HeaderCell>MMS</HeaderCell>
            <HeaderCell align="end">{t('plivoMonthly')}</HeaderCell>
            <HeaderCell align="end">
              <span className="sr-only">{t('plivoBuy')}</span>
            </HeaderCell>
          </TableHead>
          <TableBody columnCount={7} empty={t('plivoNoNumbers')}>
            {search.numbers.map((found) => (
              <Row key={found.number} data-plivo-number={found.number}>
                <HeaderCell scope="row" className="font-mono">
                  {found.display}
                </HeaderCell>
                <Cell>{found.region}</Cell>
                <Cell>{found.country}</Cell>
                <Cell>{yesNo(found.smsEnabled)}</Cell>
                <Cell>{yesNo(found.mmsEnabled)}</Cell>
                <Cell align="end">{found.monthlyRent}</Cell>
                <Cell align="end">
                  <Form method="post">
                    <input type="hidden" name="intent" value="buy" />
                    <input type="hidden" name="number" value={found.number} />
                    <input type="hidden" name="areaCode" value={search.areaCode} />
                    <Button type="submit" variant="primary" size="sm" busy={pending === found.number} disabled={pending !== null} aria-label={t('plivoBuyNumber', { number: found.display })}>
                      {t('plivoBuy')}
                    </Button>
                  </Form>
                </Cell>
              </Row>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </div>
  )
}
