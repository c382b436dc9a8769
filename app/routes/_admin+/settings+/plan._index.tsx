import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { Repeat } from 'lucide-react'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { PageSizeForm, PreviousNextNav } from '#app/components/ui/pagination'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireAdmin } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { listPlanPayments, PLAN_PAYMENT_PAGE_SIZES, readPlanPaymentQuery } from '#server/plans/plan-payments'
import { PLAN_PATH } from '#server/plans/plan-checkout'
import { readRenewalView, renewPlan, RENEWAL_MESSAGES } from '#server/plans/plan-renewal'
import { readTenantPlan } from '#server/plans/tenant-plan'
import { planDateIn, planNameIn } from '#server/plans/plan-words'
import { translateMessage } from '#server/i18n/translate-message'
import { tFor } from '#server/i18n/server-translator'
import { useTranslation } from 'react-i18next'
import type { I18nHandle } from '#app/utils/i18n'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Plan' }]

export const handle: I18nHandle = { i18n: ['settings'] }

/** Settings > Plans (settings spec 2, Plan page): the current plan and the studio's payments for it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireAdmin(request, context)
  const now = context.platform.clock.now()
  const { language } = context
  const query = readPlanPaymentQuery(new URL(request.url).searchParams, now)
  const [plan, payments, renewal] = await Promise.all([
    readTenantPlan(context.platform, tenant.id),
    listPlanPayments(context.platform, tenant.id, { ...query, now, language }),
    readRenewalView(context.platform, tenant.id, language),
  ])
  return {
    title: tFor(language, 'settings')('planTitle'),
    plan: {
      name: planNameIn(plan?.planId, language),
      period: plan?.period ?? null,
      renewsOn: plan?.renewsAt ? planDateIn(plan.renewsAt, language) : null,
      // Replacing the card is paying the same plan again through the checkout.
      replaceCardHref: plan ? `/settings/plan/upgrade?period=${plan.period}&choose=${plan.planId}` : null,
    },
    // The bank's refusal is kept as it was said; ours and the common ones read in the page's language.
    renewal: renewal.refused ? { ...renewal, refused: { ...renewal.refused, reason: renewal.refused.reason ? translateMessage(language, renewal.refused.reason) : null } } : renewal,
    payments,
    // Names this visit's Pay now form: a double submit is one charge.
    attempt: randomUUID(),
  }
}

const payNowSchema = z.object({ intent: z.literal('pay-now'), attempt: z.string().regex(/^[A-Za-z0-9-]{16,64}$/) })

/** Pay now: the refused renewal is charged on the kept card at once (a plain POST, so it works without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant } = await requireAdmin(request, context)
  const form = await request.formData().catch(() => new FormData())
  const parsed = payNowSchema.safeParse({ intent: form.get('intent'), attempt: form.get('attempt') })
  // Messages are made in English and answered in the page's language.
  const words = (message: string) => translateMessage(context.language, message)
  if (!parsed.success) return data({ formError: words(RENEWAL_MESSAGES.notDue) }, { status: 400 })
  let outcome: Awaited<ReturnType<typeof renewPlan>>
  try {
    outcome = await renewPlan(context.platform, { tenantId: tenant.id, now: context.platform.clock.now(), payNow: { attempt: parsed.data.attempt } })
  } catch (error) {
    context.platform.logger.error({ err: error, tenant: tenant.id }, 'a refused plan renewal could not be charged now')
    return data({ formError: words(RENEWAL_MESSAGES.providerDown) }, { status: 503 })
  }
  if (outcome === 'paid' || outcome === 'counted-elsewhere') return redirectWithToast(PLAN_PATH, { type: 'success', message: RENEWAL_MESSAGES.renewed })
  if (outcome === 'not-due') return data({ formError: words(RENEWAL_MESSAGES.notDue) }, { status: 400 })
  const renewal = await readRenewalView(context.platform, tenant.id)
  return data({ formError: words(renewal.refused?.reason ?? RENEWAL_MESSAGES.refused) }, { status: 400 })
}

function pageHref(year: number, page: number, size: number): string {
  const params = new URLSearchParams({ year: String(year) })
  if (page > 1) params.set('page', String(page))
  if (size !== 50) params.set('size', String(size))
  return `/settings/plan?${params.toString()}`
}

export default function PlanRoute() {
  const { plan, payments, renewal, attempt } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() ?? null
  const { t } = useTranslation('settings')
  const first = payments.total === 0 ? 0 : (payments.page - 1) * payments.size + 1
  const last = Math.min(payments.total, payments.page * payments.size)
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title={t('planTitle')} backTo="/settings" />
      {refused ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refused.formError}
        </p>
      ) : null}
      {renewal.refused ? (
        <section aria-labelledby="renewal-refused-title" className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-renewal-refused>
          <h2 id="renewal-refused-title" className="font-semibold">
            {t('renewalRefusedTitle')}
          </h2>
          <p>
            {renewal.refused.reason ? `${renewal.refused.reason} ` : ''}
            {renewal.refused.retryOn ? t('retryOn', { date: renewal.refused.retryOn }) : t('retrySoon')} {t('everyTryFails')}
          </p>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="pay-now" />
              <input type="hidden" name="attempt" value={attempt} />
              <Button type="submit" variant="primary">
                {t('payNow')}
              </Button>
            </Form>
            {plan.replaceCardHref ? (
              <ButtonLink to={plan.replaceCardHref} variant="secondary">
                {t('payWithAnotherCard')}
              </ButtonLink>
            ) : null}
          </div>
        </section>
      ) : null}
      {renewal.droppedToFreeOn ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-dropped-to-free>
          {t('droppedToFree', { date: renewal.droppedToFreeOn })}
        </p>
      ) : null}
      <ScreenPanel title={t('currentPlan')}>
        <div className="flex flex-wrap items-center gap-4" data-current-plan>
          <dl className="grid flex-1 grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-600">{t('plan')}</dt>
              <dd className="font-semibold text-slate-900 capitalize" data-plan-name>
                {plan.name}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('period')}</dt>
              <dd className="text-slate-900 capitalize">{plan.period ? t(`period_${plan.period}`) : t('none')}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('nextRenewal')}</dt>
              <dd className="text-slate-900" data-next-renewal>
                {plan.renewsOn ?? t('none')}
              </dd>
            </div>
            {renewal.card ? (
              <div>
                <dt className="text-slate-600">{t('cardForRenewals')}</dt>
                <dd className="text-slate-900" data-renewal-card>
                  {renewal.card}
                </dd>
              </div>
            ) : null}
          </dl>
          <ButtonLink to="/settings/plan/upgrade" variant="primary">
            {t('upgrade')}
          </ButtonLink>
        </div>
      </ScreenPanel>
      <section aria-labelledby="plan-payments-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="plan-payments-title" className="text-lg font-semibold text-slate-900">
            {t('payments')}
          </h2>
          <Form method="get" action="/settings/plan" className="flex items-center gap-2 text-sm">
            {payments.size !== 50 ? <input type="hidden" name="size" value={payments.size} /> : null}
            <label htmlFor="plan-payments-year">{t('year')}</label>
            <select id="plan-payments-year" name="year" defaultValue={String(payments.year)} key={payments.year} className="rounded border border-slate-300 bg-white px-2 py-1">
              {payments.years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
            <Button type="submit" variant="secondary" size="sm">
              {t('show')}
            </Button>
          </Form>
        </div>
        <Table label={t('payments')} minWidth={640}>
          <TableHead>
            <HeaderCell>{t('clientName')}</HeaderCell>
            <HeaderCell>{t('invoiceName')}</HeaderCell>
            <HeaderCell align="end">{t('price')}</HeaderCell>
            <HeaderCell>
              <span className="sr-only">{t('recurring')}</span>
            </HeaderCell>
            <HeaderCell>{t('transactionStatus')}</HeaderCell>
            <HeaderCell>{t('date')}</HeaderCell>
          </TableHead>
          <TableBody columnCount={6} empty={<span>{t('noRecordFound')}</span>}>
            {payments.rows.map((row) => (
              <Row key={row.guid} data-plan-payment>
                <Cell className="text-slate-900">{row.clientName || t('none')}</Cell>
                <Cell>
                  <Link to={`/settings/plan/payments/${row.guid}`} className="font-medium text-slate-900 capitalize hover:text-brand-text hover:underline">
                    {row.invoiceName}
                  </Link>
                </Cell>
                <Cell align="end" className="whitespace-nowrap text-slate-900">
                  {row.price}
                </Cell>
                <Cell>{row.isRecurring ? <Repeat aria-label={t('subscription')} role="img" className="h-4 w-4 text-slate-700" /> : null}</Cell>
                <Cell className={row.status === 'Completed' ? 'text-emerald-800' : 'text-red-700'}>{row.statusText}</Cell>
                <Cell className="whitespace-nowrap text-slate-700">{row.date}</Cell>
              </Row>
            ))}
          </TableBody>
        </Table>
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <PageSizeForm id="plan-payments-size" sizes={PLAN_PAYMENT_PAGE_SIZES} current={payments.size} action="/settings/plan" hiddenFields={<input type="hidden" name="year" value={payments.year} />} />
          <PreviousNextNav
            first={first}
            last={last}
            total={payments.total}
            previousHref={payments.page > 1 ? pageHref(payments.year, payments.page - 1, payments.size) : null}
            nextHref={last < payments.total ? pageHref(payments.year, payments.page + 1, payments.size) : null}
          />
        </div>
      </section>
    </div>
  )
}
