import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { GraduationCap } from 'lucide-react'
import { EmptyState } from '#app/components/ui/empty-state'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { requireStudentArea } from '#app/utils/navigation.server'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Courses')

/** The student's Courses (/mycourses): the courses they are enrolled in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStudentArea(request, context)
  return null
}

export default function StudentCoursesRoute() {
  return (
    <>
      <PageHeader title="Courses" description="The courses you are enrolled in." />
      <EmptyState icon={GraduationCap} title="No courses yet.">
        Courses you enrol in appear here, with your progress through each one.
      </EmptyState>
    </>
  )
}
