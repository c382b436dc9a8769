import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ClipboardList } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '#app/components/ui/empty-state'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { requireStudentArea } from '#app/utils/navigation.server'
import { tFor } from '#server/i18n/server-translator'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Assessments')

/** The student's Assessments (/student-assessments, spec 000): always in the student menu. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStudentArea(request, context)
  return { title: tFor(context.language, 'portal')('nav_assessments') }
}

export default function StudentAssessmentsRoute() {
  const { t } = useTranslation('portal')
  return (
    <>
      <PageHeader title={t('assessments')} description={t('assessmentsDescription')} />
      <EmptyState icon={ClipboardList} title={t('noAssessments')}>
        {t('noAssessmentsText')}
      </EmptyState>
    </>
  )
}
