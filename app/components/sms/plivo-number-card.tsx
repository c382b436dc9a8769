import { Form, useNavigation } from '@remix-run/react'
import { CircleCheck, Clock } from 'lucide-react'
import { Button, ButtonLink } from '#app/components/ui/button'
import { useIntegrationsWords, type IntegrationsKey } from '#app/components/integrations/use-integrations-words'

/** What to do while carriers have not approved the number (spec: a next-steps notice shows while the number is not approved), by their words. */
const PLIVO_NEXT_STEPS: readonly IntegrationsKey[] = ['plivoStepRegister', 'plivoStepLink', 'plivoStepWeWatch']

/**
 * The studio's number with its state (spec: number owned, shows the number with 'Approved' or
 * 'Waiting for approval'), the next steps while it waits, and a button to ask Plivo again.
 */
export function PlivoNumberCard(props: { number: string; approved: boolean; refreshError: string | null; releaseError: string | null; releasePath: string }) {
  const { number, approved, refreshError, releaseError, releasePath } = props
  const { t } = useIntegrationsWords()
  const navigation = useNavigation()
  const checking = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'refresh'
  return (
    <div className="flex flex-col gap-4" data-plivo-owned>
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-mono text-xl font-semibold text-slate-900">{number}</span>
        {approved ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-medium text-green-800" data-plivo-status="approved">
            <CircleCheck aria-hidden className="h-4 w-4" />
            {t('plivoApproved')}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-medium text-amber-900" data-plivo-status="waiting">
            <Clock aria-hidden className="h-4 w-4" />
            {t('plivoWaiting')}
          </span>
        )}
      </div>
      {releaseError ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {releaseError}
        </div>
      ) : null}
      {refreshError ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {refreshError}
        </div>
      ) : null}
      {approved ? (
        <p className="text-sm text-slate-600">{t('plivoApprovedText')}</p>
      ) : (
        <section aria-labelledby="plivo-next-steps" className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950" data-plivo-next-steps>
          <h3 id="plivo-next-steps" className="mb-2 font-semibold">
            {t('plivoNextSteps')}
          </h3>
          <p className="mb-2">{t('plivoNextStepsIntro')}</p>
          <ol className="mb-3 list-decimal space-y-1 pl-5">
            {PLIVO_NEXT_STEPS.map((step) => (
              <li key={step}>{t(step)}</li>
            ))}
          </ol>
          <Form method="post">
            <input type="hidden" name="intent" value="refresh" />
            <Button type="submit" variant="secondary" busy={checking}>
              {t('plivoCheckApproval')}
            </Button>
          </Form>
        </section>
      )}
      <div>
        <ButtonLink to={releasePath} variant="secondary" preventScrollReset>
          {t('plivoReleaseNumber')}
        </ButtonLink>
      </div>
    </div>
  )
}
