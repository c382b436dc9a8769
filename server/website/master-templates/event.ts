import type { MasterTemplate } from './master-template'
import { border, borderColour, SANS_STACK, sharedTemplateCss } from './template-css'

const img = '/website-templates/event'

const html = `<div class="tpl-event">
  <section class="tpl-stage">
    <div class="tpl-split">
      <div>
        <p class="tpl-eyebrow">Saturday 14 June · Doors 6:00 pm</p>
        <h2>Summer Showcase</h2>
        <p class="tpl-lead">An evening of dance, movement and music from our students and teachers, followed by a social dance where everyone is invited onto the floor.</p>
        <div class="tpl-actions">
          <a class="tpl-btn" href="/events">Get tickets</a>
          <a class="tpl-btn tpl-btn--ghost" href="#programme">See the programme</a>
        </div>
      </div>
      <figure class="tpl-media">
        <img src="${img}/hero-800.webp" srcset="${img}/hero-800.webp 1x, ${img}/hero-1600.webp 2x" width="800" height="450" alt="Three dancers perform under pink and gold spotlights on a stage with red curtains, in front of an audience">
      </figure>
    </div>
    <dl class="tpl-event-facts">
      <div class="tpl-event-fact">
        <dt>Date</dt>
        <dd>Saturday 14 June</dd>
      </div>
      <div class="tpl-event-fact">
        <dt>Time</dt>
        <dd>6:00 pm – 10:30 pm</dd>
      </div>
      <div class="tpl-event-fact">
        <dt>Venue</dt>
        <dd>Riverside Community Hall</dd>
      </div>
      <div class="tpl-event-fact">
        <dt>Tickets</dt>
        <dd>From $12, children free</dd>
      </div>
    </dl>
  </section>

  <section class="tpl-programme-section" id="programme">
    <div class="tpl-section-head">
      <p class="tpl-eyebrow">Programme</p>
      <h2>How the evening runs</h2>
    </div>
    <ol class="tpl-programme">
      <li class="tpl-slot">
        <p class="tpl-slot-time">6:00 pm</p>
        <h3>Doors open</h3>
        <p>Welcome drinks, face painting for the little ones and a chance to meet the teachers.</p>
      </li>
      <li class="tpl-slot">
        <p class="tpl-slot-time">6:30 pm</p>
        <h3>Student performances</h3>
        <p>Contemporary, salsa, street dance and a karate demonstration from our youngest students.</p>
      </li>
      <li class="tpl-slot">
        <p class="tpl-slot-time">8:00 pm</p>
        <h3>Teachers' piece</h3>
        <p>A new work choreographed by Amara Johnson and danced by the whole teaching team.</p>
      </li>
      <li class="tpl-slot">
        <p class="tpl-slot-time">8:45 pm</p>
        <h3>Social dance</h3>
        <p>The floor is yours. A live band, an easy salsa lesson to start, and dancing until late.</p>
      </li>
    </ol>
  </section>

  <section class="tpl-highlights">
    <div class="tpl-section-head tpl-section-head--center">
      <p class="tpl-eyebrow">Highlights</p>
      <h2>Something for everyone</h2>
    </div>
    <div class="tpl-grid tpl-grid--3">
      <article class="tpl-card">
        <img src="${img}/workshop.webp" width="600" height="400" loading="lazy" alt="A teacher leads a small group of seated students in a warm, sunny room">
        <div class="tpl-card-body">
          <h3>Open workshop</h3>
          <p>Arrive early for a free 30-minute taster with one of our teachers. No experience needed.</p>
        </div>
      </article>
      <article class="tpl-card">
        <img src="${img}/performance.webp" width="600" height="400" loading="lazy" alt="A dancer in a pink dress leaps under a single golden spotlight">
        <div class="tpl-card-body">
          <h3>Live performances</h3>
          <p>More than 60 students on stage, from six-year-old karate kids to our adult contemporary group.</p>
        </div>
      </article>
      <article class="tpl-card">
        <img src="${img}/social.webp" width="600" height="400" loading="lazy" alt="A couple dances under festoon lights while friends cheer them on">
        <div class="tpl-card-body">
          <h3>Social dance</h3>
          <p>End the night together on the dance floor with a live band and string lights.</p>
        </div>
      </article>
    </div>
  </section>

  <section class="tpl-info">
    <div class="tpl-section-head">
      <p class="tpl-eyebrow">Plan your evening</p>
      <h2>Practical information</h2>
    </div>
    <div class="tpl-grid tpl-grid--3">
      <div class="tpl-info-item">
        <h3>Venue</h3>
        <address>Riverside Community Hall<br>40 River Road, Riverside</address>
        <p>Five minutes' walk from the studio.</p>
      </div>
      <div class="tpl-info-item">
        <h3>Tickets</h3>
        <ul class="tpl-ticket-list">
          <li><span>Adults</span> <strong>$18</strong></li>
          <li><span>Students and members</span> <strong>$12</strong></li>
          <li><span>Under 12s</span> <strong>Free</strong></li>
        </ul>
      </div>
      <div class="tpl-info-item">
        <h3>Access</h3>
        <p>The hall is step-free, with reserved seating and an accessible toilet. Tell us what you need when you book.</p>
      </div>
    </div>
  </section>

  <section class="tpl-cta">
    <h2>Save your seat</h2>
    <p>Last year's showcase sold out in two weeks. Seats are limited to 200, so book early.</p>
    <div class="tpl-actions">
      <a class="tpl-btn" href="/events">Get tickets</a>
      <a class="tpl-btn tpl-btn--ghost" href="/contact">Ask about group bookings</a>
    </div>
  </section>
</div>`

const root = '.tpl-event'

const css = `${sharedTemplateCss(root, {
  ink: '#1c1530',
  muted: '#4f4866',
  surface: '#ffffff',
  soft: '#f3effa',
  accent: '#5b2f91',
  onAccent: '#ffffff',
  accentText: '#5b2f91',
  line: '#e2dbef',
  headingFont: SANS_STACK,
  bodyFont: SANS_STACK,
})}
${root} {
  --tpl-night: #1b1430;
  --tpl-night-text: #f7f3ff;
  --tpl-night-muted: #d3cae6;
  --tpl-gold: #f4b942;
  --tpl-on-gold: #1a1405;
}
${root} h2 { letter-spacing: -0.02em; }
${root} .tpl-stage { padding: 32px 20px; border-radius: 20px; background-image: radial-gradient(120% 90% at 80% 0%, #3d2466 0%, var(--tpl-night) 60%); color: var(--tpl-night-text); }
${root} .tpl-stage h2 { margin-bottom: 16px; color: var(--tpl-night-text); font-size: clamp(2.5rem, 1.6rem + 4.5vw, 4.75rem); line-height: 1; text-transform: uppercase; letter-spacing: 0.01em; }
${root} .tpl-stage .tpl-eyebrow { color: var(--tpl-gold); }
${root} .tpl-stage .tpl-lead { color: var(--tpl-night-muted); }
${root} .tpl-stage .tpl-btn { background-color: var(--tpl-gold); ${borderColour('var(--tpl-gold)')} color: var(--tpl-on-gold); }
${root} .tpl-stage .tpl-btn--ghost { background: transparent; color: var(--tpl-night-text); ${borderColour('var(--tpl-night-muted)')} }
${root} .tpl-stage .tpl-btn--ghost:hover { background: rgba(255, 255, 255, 0.08); }
${root} .tpl-stage a:focus-visible { outline-color: var(--tpl-gold); }
${root} .tpl-stage .tpl-media { box-shadow: 0 30px 60px -20px rgba(0, 0, 0, 0.7); }
${root} .tpl-event-facts { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 1px; margin: 32px 0 0; overflow: hidden; border: 1px solid rgba(255, 255, 255, 0.16); border-radius: 16px; background: rgba(255, 255, 255, 0.16); }
${root} .tpl-event-fact { padding: 16px 18px; background-color: var(--tpl-night); }
${root} .tpl-event-fact dt { font-size: 0.75rem; font-weight: 700; letter-spacing: 0.12em; text-transform: uppercase; color: var(--tpl-gold); }
${root} .tpl-event-fact dd { margin: 4px 0 0; font-weight: 600; color: var(--tpl-night-text); }
${root} .tpl-programme { display: grid; gap: 0; }
${root} .tpl-slot { position: relative; padding: 0 0 32px 36px; ${border('3px', 'var(--tpl-line)', 'left')} margin-left: 10px; }
${root} .tpl-slot:last-child { padding-bottom: 0; }
${root} .tpl-slot::before { content: ""; position: absolute; left: -12px; top: 2px; width: 21px; height: 21px; ${border(
  '4px',
  'var(--tpl-surface)',
)} border-radius: 50%; background-color: var(--tpl-accent); box-shadow: 0 0 0 2px var(--tpl-accent); }
${root} .tpl-slot .tpl-slot-time { margin: 0 0 4px; font-size: 0.875rem; font-weight: 800; letter-spacing: 0.06em; color: var(--tpl-accent-text); }
${root} .tpl-slot p { color: var(--tpl-muted); max-width: 60ch; }
${root} .tpl-info-item { padding: 28px; border-radius: 20px; background-color: var(--tpl-soft); }
${root} .tpl-info-item address { margin: 0 0 8px; font-style: normal; font-weight: 600; }
${root} .tpl-info-item p { color: var(--tpl-muted); }
${root} .tpl-ticket-list { display: grid; gap: 8px; }
${root} .tpl-ticket-list li { display: flex; justify-content: space-between; gap: 12px; padding: 0 0 8px; border-bottom: 1px dashed #c9bde0; }
${root} .tpl-ticket-list li:last-child { border-bottom: 0; }
${root} .tpl-cta { background-color: var(--tpl-night); }
${root} .tpl-cta h2 { text-transform: uppercase; }
${root} .tpl-cta .tpl-btn { background-color: var(--tpl-gold); ${borderColour('var(--tpl-gold)')} color: var(--tpl-on-gold); }
${root} .tpl-cta .tpl-btn--ghost { background: transparent; ${borderColour('var(--tpl-night-muted)')} color: var(--tpl-night-text); }
@media (min-width: 640px) {
  ${root} .tpl-stage { padding: 48px 40px; }
}
@media (min-width: 900px) {
  ${root} .tpl-programme { grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 24px; }
  ${root} .tpl-slot { margin: 0; padding: 36px 0 0; border-left: 0; ${border('3px', 'var(--tpl-line)', 'top')} }
  ${root} .tpl-slot::before { left: 0; top: -12px; }
  ${root} .tpl-event-facts { grid-template-columns: repeat(4, minmax(0, 1fr)); }
}
@media (min-width: 1024px) {
  ${root} .tpl-stage { padding: 64px 56px 48px; }
}
`

export const eventTemplate: MasterTemplate = {
  id: 'master-event',
  slug: 'event',
  name: 'Event Showcase',
  pageType: 'others',
  html,
  css,
  thumbnail: `${img}/thumbnail.webp`,
}
