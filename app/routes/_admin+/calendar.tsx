import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CalendarDays } from 'lucide-react'
import { EmptyState } from '#app/components/ui/empty-state'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { requireStaffArea } from '#app/utils/navigation.server'
import { calendarHeading } from '#server/navigation/calendar-heading'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Calendar')

/** Where staff and front desk land: the day's classes. Admins land on the dashboard instead. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireStaffArea(request, context)
  return { heading: calendarHeading(new Date(), tenant.settings.timezone) }
}

export default function StaffCalendarRoute() {
  const { heading } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="Calendar" description={heading} />
      <EmptyState icon={CalendarDays} title="No classes scheduled yet.">
        Classes and events appear here, day by day, as soon as they are on the schedule.
      </EmptyState>
    </>
  )
}
