import { Form, useNavigation } from '@remix-run/react'
import { CalendarDays, CircleAlert, CircleCheck, Clock, MapPin, User, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Button, ButtonLink } from '#app/components/ui/button'
import type { SignupSummary, StudentSignupOffer } from '#server/catalog/bookings/signup-page'

/** The class, day, time, teacher, room and places left of the occurrence being signed up for. */
export function SignupSummaryCard({ summary, children }: { summary: SignupSummary; children: ReactNode }) {
  const { t } = useTranslation('portal')
  return (
    <article aria-labelledby="signup-class" className="mx-auto w-full max-w-xl overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('classSignup')}</p>
        <h1 id="signup-class" className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">
          {summary.className}
        </h1>
        {summary.summary ? <p className="mt-2 text-sm text-slate-600">{summary.summary}</p> : null}
      </div>
      <dl className="grid gap-3 px-5 py-4 text-sm text-slate-700 sm:grid-cols-2 sm:px-6">
        <Fact icon={CalendarDays} label={t('factDate')}>
          <time dateTime={summary.startIso}>{summary.dateText}</time>
        </Fact>
        <Fact icon={Clock} label={t('factTime')}>
          {summary.timeText}
        </Fact>
        {summary.teacherName ? (
          <Fact icon={User} label={t('factTeacher')}>
            {summary.teacherName}
          </Fact>
        ) : null}
        {summary.roomName ? (
          <Fact icon={MapPin} label={t('factRoom')}>
            {summary.roomName}
          </Fact>
        ) : null}
        {summary.spotsText ? (
          <Fact icon={Users} label={t('factPlaces')}>
            {summary.spotsText}
          </Fact>
        ) : null}
      </dl>
      <div className="border-t border-slate-100 bg-slate-50 px-5 py-4 sm:px-6">{children}</div>
    </article>
  )
}

function Fact({ icon: Icon, label, children }: { icon: typeof CalendarDays; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="sr-only">{label}</dt>
      <dd className="flex items-start gap-2">
        <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
        <span>{children}</span>
      </dd>
    </div>
  )
}

/** A visitor is asked to sign in or register, and comes back to this page afterwards. */
export function VisitorSignupActions({ signupPath }: { signupPath: string }) {
  const { t } = useTranslation('portal')
  const back = encodeURIComponent(signupPath)
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t('signInToBookText')}</p>
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={`/login?redirectTo=${back}`} variant="primary">
          {t('signInToBook')}
        </ButtonLink>
        <ButtonLink to={`/register?redirectTo=${back}`} variant="secondary">
          {t('register')}
        </ButtonLink>
      </div>
    </div>
  )
}

/** What a signed-in student can do: book at once, go to checkout, or read why not. */
export function StudentSignupActions({ offer, summary, error }: { offer: StudentSignupOffer; summary: SignupSummary; error: string | null }) {
  const { t } = useTranslation('portal')
  const strong = { strong: <strong /> }
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
  const bookForm = (label: string, note: ReactNode) => (
    <Form method="post" className="space-y-3">
      <p className="text-sm text-slate-700">{note}</p>
      <input type="hidden" name="intent" value="book" />
      <Button type="submit" variant="primary" busy={busy}>
        {label}
      </Button>
    </Form>
  )
  return (
    <div className="space-y-3">
      {error ? <Notice tone="error">{error}</Notice> : null}
      {(() => {
        switch (offer.kind) {
          case 'booked':
            return (
              <Notice tone="success">
                {t('bookedIntoClass')}{' '}
                <a className="font-medium underline" href="/classes">
                  {t('seeYourClasses')}
                </a>
              </Notice>
            )
          case 'past':
            return <Notice tone="info">{t('classAlreadyStarted')}</Notice>
          case 'cancelled':
            return <Notice tone="info">{t('classCancelledByStudio')}</Notice>
          case 'full':
            return <Notice tone="info">{t('classIsFull')}</Notice>
          case 'free':
            return bookForm(t('bookThisClass'), t('classIsFree'))
          case 'membership':
            return bookForm(
              t('bookThisClass'),
              offer.usesCredit ? (
                <Trans
                  t={t}
                  i18nKey="usesCreditOf"
                  values={{ name: offer.membershipName, credits: offer.creditsText ? ` (${offer.creditsText})` : '' }}
                  components={strong}
                />
              ) : (
                <Trans t={t} i18nKey="includedIn" values={{ name: offer.membershipName }} components={strong} />
              ),
            )
          case 'checkout':
            return (
              <Form method="post" action="/checkout" className="space-y-3">
                <p className="text-sm text-slate-700">
                  <Trans t={t} i18nKey="dropInOffer" values={{ price: offer.dropInPriceText }} components={strong} />
                </p>
                <input type="hidden" name="intent" value="add-class" />
                <input type="hidden" name="classId" value={summary.dropIn.classId} />
                <input type="hidden" name="clsStartTime" value={summary.dropIn.clsStartTime} />
                <Button type="submit" variant="primary" busy={busy}>
                  {t('continueToCheckout')}
                </Button>
              </Form>
            )
          case 'contact-studio':
            return (
              <Notice tone="info">
                {t('needPassNoPayment')}
              </Notice>
            )
          case 'external':
            return summary.externalLink ? (
              <div className="space-y-3">
                <p className="text-sm text-slate-700">{t('bookedElsewhere')}</p>
                <a href={summary.externalLink} rel="noopener noreferrer" className="font-medium text-brand-text underline-offset-2 hover:underline">
                  {t('bookOnStudioPage')}
                </a>
              </div>
            ) : (
              <Notice tone="info">{t('contactStudioToBook')}</Notice>
            )
        }
      })()}
    </div>
  )
}

const TONES = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: CircleAlert, role: 'alert' as const },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: CircleCheck, role: 'status' as const },
  info: { box: 'border-slate-200 bg-white text-slate-800', icon: CircleAlert, role: 'status' as const },
}

export function Notice({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  const { box, icon: Icon, role } = TONES[tone]
  return (
    <div role={role} className={`flex items-start gap-2 rounded-md border px-3 py-2.5 text-sm ${box}`}>
      <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <p>{children}</p>
    </div>
  )
}
