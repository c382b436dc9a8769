import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CalendarDays } from 'lucide-react'
import { EmptyState } from '#app/components/ui/empty-state'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { requireStudentArea } from '#app/utils/navigation.server'
import { calendarHeading } from '#server/navigation/calendar-heading'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Calendar')

/** The student Calendar (/classes): the classes a student can join. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireStudentArea(request, context)
  return { heading: calendarHeading(new Date(), tenant.settings.timezone), tenantName: tenant.name }
}

export default function StudentCalendarRoute() {
  const { heading, tenantName } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="Calendar" description={heading} />
      <EmptyState icon={CalendarDays} title="No classes scheduled yet.">
        When {tenantName} puts classes on the schedule, you can see and join them here.
      </EmptyState>
    </>
  )
}
