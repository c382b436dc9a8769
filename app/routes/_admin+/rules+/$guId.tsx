import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { screenMeta } from '#app/components/layout/page-title'
import { EventFields } from '#app/components/catalog/event-fields'
import { ItemEditorPage } from '#app/components/catalog/item-editor-page'
import { requireModule } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { itemEditorAction, loadItemEditorScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'
import { MeetingLinkPanel } from '#app/components/meetings/meeting-link-panel'
import { dateInLanguage } from '#server/dates/language-dates'
import { loadMeetingPanel } from '#server/meetings/meeting-links'
import { meetingPanelWords } from '#server/meetings/meeting-panel-words'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Edit Event')

export const handle: I18nHandle = { i18n: ['catalog'] }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'event')
  requireModule(context, 'events')
  const screen = await loadItemEditorScreen(access, context, 'event', params.guId ?? '')
  const meeting = screen.item ? await loadMeetingPanel(context.platform, access.tenant.id, { guid: screen.item.guid }) : null
  const madeText = meeting?.link ? dateInLanguage(meeting.link.generatedAt, access.tenant.settings, 'dateTime', context.language) : null
  return { ...screen, meeting, meetingWords: meetingPanelWords(context.language, madeText) }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireItemRole(request, context, 'event')
  requireModule(context, 'events')
  return itemEditorAction(access, request, context, 'event', params.guId ?? '')
}

export default function EditEventRoute() {
  const { t } = useTranslation('catalog')
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <ItemEditorPage
      loaded={loaded}
      result={result}
      kindTitle={t('cardWhenAndWhere')}
      kindFields={(values, errors) => <EventFields values={values} errors={errors} timeZone={loaded.timeZone} isAddressNeededForEvent={loaded.isAddressNeededForEvent} />}
      after={loaded.meeting ? <MeetingLinkPanel panel={loaded.meeting} words={loaded.meetingWords} /> : null}
    />
  )
}
