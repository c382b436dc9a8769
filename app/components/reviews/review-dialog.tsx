import { Form, useNavigation } from '@remix-run/react'
import { Star } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Dialog } from '#app/components/ui/dialog'
import { FIELD_INPUT_CLASSES, Field, fieldErrorId } from '#app/components/ui/field'

export type ReviewDialogState =
  | { step: 'write'; stars: number | null; reviewText: string; errors: Partial<Record<'stars' | 'reviewText', string>> | null }
  | { step: 'thanks' }
  | { step: 'google' }

const MIN_LENGTH = 10

/**
 * The review dialog (website spec 2.14): step 1 a rating and text, step 2 thank you, or step 3
 * the offer to post on Google when the studio has a link. Each step is a plain form or page.
 */
export function ReviewDialog({ state, closeTo }: { state: ReviewDialogState; closeTo: string }) {
  const { t } = useTranslation('portal')
  return (
    <Dialog title={t('reviewTitle')} closeTo={closeTo} width={600}>
      {state.step === 'write' ? <WriteStep state={state} closeTo={closeTo} /> : null}
      {state.step === 'thanks' ? (
        <div className="flex flex-col gap-4 text-sm text-slate-800">
          <p className="text-base font-semibold text-slate-900">{t('reviewThanks')}</p>
          <p>{t('reviewHelps')}</p>
          <div className="flex justify-end">
            <ButtonLink to={closeTo} variant="primary" preventScrollReset data-autofocus>
              {t('close')}
            </ButtonLink>
          </div>
        </div>
      ) : null}
      {state.step === 'google' ? (
        <Form method="post" reloadDocument className="flex flex-col gap-4 text-sm text-slate-800">
          <input type="hidden" name="intent" value="review-google" />
          <p className="text-base font-semibold text-slate-900">{t('reviewThanks')}</p>
          <p>{t('reviewOnGoogle')}</p>
          <div className="flex justify-end gap-3">
            <ButtonLink to={closeTo} variant="secondary" preventScrollReset>
              {t('notNow')}
            </ButtonLink>
            <Button type="submit" variant="primary" data-autofocus>
              {t('postOnGoogle')}
            </Button>
          </div>
        </Form>
      ) : null}
    </Dialog>
  )
}

function WriteStep({ state, closeTo }: { state: Extract<ReviewDialogState, { step: 'write' }>; closeTo: string }) {
  const [stars, setStars] = useState<number | null>(state.stars)
  const [text, setText] = useState(state.reviewText)
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const { t } = useTranslation('portal')
  const invalid = stars === null || text.trim().length < MIN_LENGTH
  return (
    <Form method="post" className="flex flex-col gap-4" preventScrollReset>
      <input type="hidden" name="intent" value="review-add" />
      <fieldset aria-describedby={state.errors?.stars ? fieldErrorId('review-stars') : undefined}>
        <legend className="text-sm font-medium text-slate-700">{t('rating')}</legend>
        <div className="mt-1.5 flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="cursor-pointer rounded p-0.5 text-amber-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-text">
              <input type="radio" name="stars" value={value} checked={stars === value} onChange={() => setStars(value)} className="sr-only" />
              <Star aria-hidden className={`h-8 w-8 ${stars !== null && value <= stars ? 'fill-amber-400' : ''}`} />
              <span className="sr-only">{value === 1 ? t('oneStar') : t('manyStars', { count: value })}</span>
            </label>
          ))}
        </div>
        {state.errors?.stars ? (
          <p id={fieldErrorId('review-stars')} className="mt-1 text-sm text-red-700">
            {state.errors.stars}
          </p>
        ) : null}
      </fieldset>
      <Field id="review-text" label={t('reviewText')} required errors={state.errors?.reviewText ? [state.errors.reviewText] : null} hint={t('atLeastCharacters', { count: MIN_LENGTH })}>
        {(control) => <textarea {...control} required={false} aria-required name="reviewText" rows={5} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} className={FIELD_INPUT_CLASSES} />}
      </Field>
      <div className="flex justify-end gap-3">
        <ButtonLink to={closeTo} variant="secondary" preventScrollReset>
          {t('cancel')}
        </ButtonLink>
        <Button type="submit" variant="primary" disabled={hydrated && invalid} busy={navigation.state === 'submitting'}>
          {t('submit')}
        </Button>
      </div>
    </Form>
  )
}
