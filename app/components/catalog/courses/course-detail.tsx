import { CheckCircle2, Eye, FileText, Lock, Paperclip, Video } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ReadableChapter } from '#server/catalog/courses/enrolments'
import type { PublicCourse } from '#server/catalog/courses/public-courses'
import type { RegisterChoice } from '#server/catalog/courses/register-choice'
import { buttonClasses } from '#app/components/ui/button'
import { ChapterView } from './chapter-view'
import { CourseImage } from './course-cards'

const TYPE_ICONS = { text: FileText, video: Video, file: Paperclip } as const

interface Props {
  course: PublicCourse
  register: RegisterChoice
  openChapter: ReadableChapter | null
  registerLabel: string
  contact: { name: string; email: string; phone: string }
}

/** A course's public page: picture, description, price options, Register area, outline and demo chapters. */
export function CourseDetail({ course, register, openChapter, registerLabel, contact }: Props) {
  const { t } = useTranslation('listings')
  return (
    <div className="flex flex-col gap-8">
      <nav aria-label={t('breadcrumb')} className="text-sm">
        <a href="/courses" className="font-medium text-brand-text underline-offset-2 hover:underline">
          {t('allCourses')}
        </a>
      </nav>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">{course.name}</h1>
          <CourseImage url={course.imageUrl} alt={course.imageAlt} className="aspect-[21/9] w-full rounded-xl" />
          {course.summary ? <p className="text-lg text-slate-700">{course.summary}</p> : null}
          {course.descriptionHtml ? (
            // Tenant HTML, sanitised when the course was saved.
            <div className="text-slate-800 [&_a]:text-brand-text [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6" dangerouslySetInnerHTML={{ __html: course.descriptionHtml }} />
          ) : null}
          {openChapter ? (
            <section id="demo-chapter" aria-label={t('demoChapter')} className="rounded-xl border border-emerald-200 bg-emerald-50/40 p-5">
              <p className="mb-3 text-xs font-semibold tracking-wide text-emerald-800 uppercase">{t('freePreview')}</p>
              <ChapterView chapter={openChapter} />
            </section>
          ) : null}
          <CourseOutline course={course} openGuid={openChapter?.guid ?? null} />
        </div>
        <aside aria-labelledby="register-heading" className="flex h-fit flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:mt-14">
          <h2 id="register-heading" className="text-lg font-semibold text-slate-900">
            {course.paymentType === 'FREE' ? t('freeCourse') : t('priceOptions')}
          </h2>
          {course.paymentType !== 'FREE' && course.priceOptions.length > 0 ? (
            <ul className="flex flex-col divide-y divide-slate-100" aria-label={t('priceOptions')}>
              {course.priceOptions.map((option) => (
                <li key={option.guid} className="flex flex-wrap items-center justify-between gap-2 py-3" data-price-option={option.guid}>
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900">{option.name}</p>
                    {option.terms ? <p className="text-xs text-slate-600">{option.terms}</p> : null}
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="text-base font-semibold text-slate-900">{option.price}</span>
                    {register.kind === 'checkout' && register.optionGuids.includes(option.guid) ? (
                      <form method="post" action="/checkout">
                        <input type="hidden" name="intent" value="add" />
                        <input type="hidden" name="item" value={register.itemGuid} />
                        <input type="hidden" name="priceOption" value={option.guid} />
                        <button type="submit" className={buttonClasses({ variant: 'primary', size: 'sm' })} aria-label={`${registerLabel}: ${option.name}`}>
                          {registerLabel}
                        </button>
                      </form>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
          <RegisterArea register={register} registerLabel={registerLabel} contact={contact} />
        </aside>
      </div>
    </div>
  )
}

function RegisterArea({ register, registerLabel, contact }: { register: RegisterChoice; registerLabel: string; contact: Props['contact'] }) {
  const { t } = useTranslation('listings')
  switch (register.kind) {
    case 'enrolled':
      return (
        <div className="flex flex-col gap-3">
          <p className="inline-flex items-center gap-2 text-sm font-medium text-emerald-800">
            <CheckCircle2 aria-hidden className="h-4 w-4" />
            {t('enrolledInCourse')}
          </p>
          <a href={register.portalPath} className={buttonClasses({ variant: 'primary' })}>
            {t('openCourse')}
          </a>
        </div>
      )
    case 'enrol-now':
      return (
        <form method="post" action={register.action}>
          <button type="submit" className={buttonClasses({ variant: 'primary' }, 'w-full')}>
            {registerLabel}
          </button>
        </form>
      )
    case 'sign-in':
      return (
        <div className="flex flex-col gap-3">
          <a href={register.loginPath} className={buttonClasses({ variant: 'primary' }, 'w-full')}>
            {registerLabel}
          </a>
          <p className="text-sm text-slate-600">
            {t('signInToEnrol')}{' '}
            <a href={register.registerPath} className="font-medium text-brand-text underline-offset-2 hover:underline">
              {t('newHereCreateAccount')}
            </a>
            .
          </p>
        </div>
      )
    case 'staff':
      return <p className="text-sm text-slate-600">{t('studentsEnrolWith', { label: registerLabel })}</p>
    case 'external':
      return (
        <a href={register.href} rel="noopener noreferrer" target="_blank" className={buttonClasses({ variant: 'primary' }, 'w-full')}>
          {registerLabel}
        </a>
      )
    case 'checkout':
      return null
    case 'contact':
      return (
        <p className="text-sm text-slate-700" data-enrol-contact>
          {t('toEnrolContact', { name: contact.name || t('theStudio') })}
          {contact.email ? (
            <>
              {': '}
              <a href={`mailto:${contact.email}`} className="font-medium text-brand-text underline-offset-2 hover:underline">
                {contact.email}
              </a>
            </>
          ) : null}
          {contact.phone ? (
            <>
              {contact.email ? t('waysOr') : ': '}
              <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`} className="font-medium text-brand-text underline-offset-2 hover:underline">
                {contact.phone}
              </a>
            </>
          ) : null}
          .
        </p>
      )
    case 'closed':
      return (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm font-medium text-slate-700" data-register-closed>
          {t('registrationClosed')}
        </p>
      )
  }
}

function CourseOutline({ course, openGuid }: { course: PublicCourse; openGuid: string | null }) {
  const { t } = useTranslation('listings')
  if (course.outline.length === 0) return null
  return (
    <section aria-labelledby="outline-heading" className="flex flex-col gap-3">
      <h2 id="outline-heading" className="text-xl font-semibold text-slate-900">
        {t('courseCovers')}
      </h2>
      <ol className="flex flex-col gap-4">
        {course.outline.map((section) => (
          <li key={section.guid} className="rounded-lg border border-slate-200 bg-white">
            <h3 className="border-b border-slate-100 px-4 py-2.5 text-base font-semibold text-slate-900">{section.title}</h3>
            <ol className="divide-y divide-slate-100">
              {section.chapters.map((chapter) => {
                const Icon = TYPE_ICONS[chapter.contentType as keyof typeof TYPE_ICONS] ?? FileText
                return (
                  <li key={chapter.guid} className="flex items-center gap-3 px-4 py-2.5 text-sm">
                    <Icon aria-hidden className="h-4 w-4 shrink-0 text-slate-500" />
                    <span className="min-w-0 flex-1 break-words text-slate-800">{chapter.title}</span>
                    {chapter.isDemo ? (
                      <a
                        href={`/courses/details/${course.slug}?chapter=${chapter.guid}#demo-chapter`}
                        aria-current={openGuid === chapter.guid ? 'true' : undefined}
                        aria-label={t('previewChapter', { title: chapter.title })}
                        className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-800 hover:bg-emerald-200"
                      >
                        <Eye aria-hidden className="h-3.5 w-3.5" />
                        {t('preview')}
                      </a>
                    ) : (
                      <span className="inline-flex">
                        <Lock aria-hidden className="h-4 w-4 text-slate-400" />
                        <span className="sr-only">{t('forEnrolledStudents')}</span>
                      </span>
                    )}
                  </li>
                )
              })}
            </ol>
          </li>
        ))}
      </ol>
    </section>
  )
}
