import { Form, Link, useNavigation } from '@remix-run/react'
import { Video } from 'lucide-react'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import type { MeetingPanel } from '#server/meetings/meeting-links'
import type { MeetingPanelWords } from '#server/meetings/meeting-panel-words'

/**
 * The online meeting of a class or event on its edit screen: the link staff share or open, and
 * 'Generate meeting link' or 'Regenerate meeting link', a plain post to /classrule/{guid}/regenerateurl.
 */
export function MeetingLinkPanel({ panel, words }: { panel: MeetingPanel; words: MeetingPanelWords }) {
  const action = `/classrule/${panel.itemGuid}/regenerateurl`
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction === action
  const label = panel.link ? words.regenerate : words.generate
  return (
    <Card title={words.title}>
      <div className="flex flex-col gap-3 text-sm" data-meeting-panel>
        {panel.link ? (
          <p className="flex flex-wrap items-center gap-2">
            <Video aria-hidden className="h-4 w-4 shrink-0 text-slate-500" />
            <a href={panel.link.url} target="_blank" rel="noopener noreferrer" className="break-all font-medium text-brand-text underline" data-meeting-url>
              {panel.link.url}
              <span className="sr-only"> {words.opensInNewTab}</span>
            </a>
            <span className="text-slate-600">
              {panel.link.providerName}
              {words.made}
            </span>
          </p>
        ) : (
          <p className="text-slate-600">{words.noLink}</p>
        )}
        {panel.connected.length === 0 ? (
          <p className="text-slate-700" data-meeting-not-connected>
            {`${words.notConnected} ${words.connect.before}`}
            <Link to="/oauth/omeeting" className="font-medium text-brand-text underline">
              {words.connect.link}
            </Link>
            {words.connect.after}
          </p>
        ) : null}
        <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
          {panel.connected.length > 1 ? (
            <label className="flex flex-col gap-1 text-slate-700">
              <span className="text-xs font-medium">{words.provider}</span>
              <select name="provider" defaultValue={panel.link?.provider ?? panel.connected[0]?.provider} className="rounded-md border border-slate-300 px-2 py-1.5 text-sm">
                {panel.connected.map((each) => (
                  <option key={each.provider} value={each.provider}>
                    {each.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <Button type="submit" variant={panel.link ? 'secondary' : 'primary'} busy={busy}>
            {label}
          </Button>
        </Form>
        {panel.link ? <p className="text-xs text-slate-600">{words.regenerateHint}</p> : null}
      </div>
    </Card>
  )
}
