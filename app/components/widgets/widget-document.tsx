import type { CSSProperties } from 'react'
import { FRAME_HEIGHT_SCRIPT } from '#server/widgets/frame-height'
import type { EmbeddedWidget } from '#server/widgets/widget-embed'
import type { WidgetEvent } from '#server/widgets/widget-events'
import { WIDGET_FRAME_CSS } from './widget-frame-css'

/**
 * The whole page a widget's frame shows on another website, drawn once on the server (no
 * React runs in it). Links leave the frame (`_top`): a visitor who picks an event goes to its
 * page on the studio's site, as from any link of the site around it.
 */
export function WidgetDocument({ widget }: { widget: EmbeddedWidget }) {
  const brand = {
    '--brand': widget.brand.surface,
    '--on-brand': widget.brand.onSurface,
    '--brand-hover': widget.brand.surfaceHover,
    '--brand-text': widget.brand.text,
  } as CSSProperties
  return (
    <html lang={widget.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{widget.name}</title>
        <style dangerouslySetInnerHTML={{ __html: WIDGET_FRAME_CSS }} />
      </head>
      <body>
        <main className={`widget widget--${widget.type}`} style={brand} aria-label={widget.heading ? undefined : widget.name} aria-labelledby={widget.heading ? 'widget-heading' : undefined}>
          {widget.heading ? (
            <h2 id="widget-heading" className="widget__heading">
              {widget.heading}
            </h2>
          ) : null}
          {widget.announcementHtml !== null ? (
            // Sanitised to what the rich-text editor makes (server/text/rich-text-html.ts).
            <div className="widget__text" dangerouslySetInnerHTML={{ __html: widget.announcementHtml }} />
          ) : null}
          {widget.link ? (
            <a className="widget__button" href={widget.link.url} target="_top">
              {widget.link.label}
            </a>
          ) : null}
          {widget.events !== null ? <EventList widget={widget} events={widget.events} /> : null}
        </main>
        <script dangerouslySetInnerHTML={{ __html: FRAME_HEIGHT_SCRIPT }} />
      </body>
    </html>
  )
}

function EventList({ widget, events }: { widget: EmbeddedWidget; events: WidgetEvent[] }) {
  const compact = widget.type === 'event_sidebar'
  return (
    <>
      {events.length === 0 ? (
        <p className="widget__empty">{widget.emptyText}</p>
      ) : (
        <ul className="events">
          {events.map((event) => (
            <li key={event.url} className="event">
              <span className="event__badge" aria-hidden="true">
                <span className="event__month">{event.badge.month}</span>
                <span className="event__day">{event.badge.day}</span>
              </span>
              <span className="event__body">
                <span className="event__name">
                  <a href={event.url} target="_top">
                    {event.name}
                  </a>
                </span>
                <span className="event__when">
                  <time dateTime={event.start.dateTime}>{event.start.text}</time>
                  {compact ? null : (
                    <>
                      {' – '}
                      <time dateTime={event.end.dateTime}>{event.end.text}</time>
                    </>
                  )}
                </span>
                {event.placeText && !compact ? <span className="event__place">{event.placeText}</span> : null}
                {!compact && (event.priceText || event.stateText) ? (
                  <span className="event__meta">
                    {event.priceText ? <span className="event__price">{event.priceText}</span> : null}
                    {event.stateText ? <span>{event.stateText}</span> : null}
                  </span>
                ) : null}
              </span>
              {/* The name says what the picture shows; the picture is decoration here. */}
              {event.image && !compact ? <img className="event__image" src={event.image.src} alt="" loading="lazy" /> : null}
            </li>
          ))}
        </ul>
      )}
      {widget.allEventsUrl ? (
        <p className="widget__more">
          <a href={widget.allEventsUrl} target="_top">
            {widget.allEventsText}
          </a>
        </p>
      ) : null}
    </>
  )
}
