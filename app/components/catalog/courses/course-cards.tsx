import { GraduationCap } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { PublicCourseCard } from '#server/catalog/courses/public-courses'

/** The published courses as cards: picture, name, summary and price, each linking to its page. */
export function CourseCards({ courses }: { courses: PublicCourseCard[] }) {
  const { t } = useTranslation('listings')
  if (courses.length === 0) {
    return <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">{t('noCourses')}</p>
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('courses')}>
      {courses.map((course) => (
        <li key={course.guid} className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md" data-course-slug={course.slug}>
          <CourseImage url={course.imageUrl} alt={course.imageAlt} className="aspect-[16/9] w-full" />
          <div className="flex flex-1 flex-col gap-2 p-5">
            <h2 className="text-lg font-semibold text-slate-900">
              <a href={`/courses/details/${course.slug}`} className="after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-brand-text">
                {course.name}
              </a>
            </h2>
            {course.summary ? <p className="flex-1 text-sm text-slate-600">{course.summary}</p> : <div className="flex-1" />}
            {course.priceLabel ? <p className="text-base font-semibold text-slate-900">{course.priceLabel}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  )
}

/** A course's cover picture, or a quiet placeholder of the brand colour when it has none. */
export function CourseImage({ url, alt, className }: { url: string | null; alt: string; className?: string }) {
  if (url) return <img src={url} alt={alt} loading="lazy" className={`object-cover ${className ?? ''}`} />
  return (
    <div aria-hidden className={`flex items-center justify-center bg-gradient-to-br from-brand/20 to-brand/5 text-brand-text ${className ?? ''}`}>
      <GraduationCap className="h-12 w-12 opacity-70" />
    </div>
  )
}
