import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Star } from 'lucide-react'

/**
 * The student rating bar (website spec 2.14): five stars, each a link that opens the review
 * dialog with that rating chosen. Shown only while the student has not reviewed and the
 * studio has a Google review link (the page decides).
 */
export function RatingBar({ hrefOf }: { hrefOf: (stars: number) => string }) {
  const { t } = useTranslation('portal')
  return (
    <section aria-labelledby="rating-bar-title" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-5 py-3 shadow-sm" data-testid="rating-bar">
      <h2 id="rating-bar-title" className="text-sm font-semibold text-slate-900">
        {t('rateExperience')}
      </h2>
      <ul className="flex items-center gap-1">
          {[1, 2, 3, 4, 5].map((stars) => (
            <li key={stars}>
              <Link
                to={hrefOf(stars)}
                preventScrollReset
                aria-label={stars === 1 ? t('oneStar') : t('manyStars', { count: stars })}
                className="group block rounded p-1 text-amber-500 focus-visible:outline-2 focus-visible:outline-brand-text"
              >
                <Star aria-hidden className="h-7 w-7 group-hover:fill-amber-400" />
              </Link>
            </li>
          ))}
      </ul>
    </section>
  )
}
