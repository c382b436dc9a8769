import type { MasterTemplate } from './master-template'
import { border, SANS_STACK, sharedTemplateCss } from './template-css'

const img = '/website-templates/contact'

const html = `<div class="tpl-contact">
  <section class="tpl-reach tpl-split">
    <div class="tpl-reach-text">
      <p class="tpl-eyebrow">Get in touch</p>
      <h2>Visit, call or write to us</h2>
      <p class="tpl-lead">Questions about classes, prices or your first visit? We answer every message within one working day.</p>
      <ul class="tpl-ways-to-reach">
        <li class="tpl-reach-item">
          <h3>Visit us</h3>
          <address>12 Market Street<br>Riverside, CA 90000</address>
        </li>
        <li class="tpl-reach-item">
          <h3>Call us</h3>
          <p><a href="tel:+15555550123">555-555-0123</a></p>
        </li>
        <li class="tpl-reach-item">
          <h3>Write to us</h3>
          <p><a href="mailto:hello@example.com">hello@example.com</a></p>
        </li>
      </ul>
    </div>
    <figure class="tpl-map">
      <img src="${img}/map-600.webp" srcset="${img}/map-600.webp 1x, ${img}/map-1200.webp 2x" width="600" height="400" alt="Map of the neighbourhood: the studio is on Market Street, between the bus stop and the park">
      <figcaption>Two minutes' walk from the Market Street bus stop, opposite the park.</figcaption>
    </figure>
  </section>

  <section class="tpl-band tpl-hours-band">
    <div class="tpl-split">
      <div>
        <p class="tpl-eyebrow">Opening hours</p>
        <h2>When we are open</h2>
        <p class="tpl-lead">The front desk is open whenever there is a class on. Outside these hours, leave a message and we will call you back.</p>
      </div>
      <dl class="tpl-hours">
        <div class="tpl-hours-row">
          <dt>Monday to Friday</dt>
          <dd>6:30 am – 9:00 pm</dd>
        </div>
        <div class="tpl-hours-row">
          <dt>Saturday</dt>
          <dd>8:00 am – 6:00 pm</dd>
        </div>
        <div class="tpl-hours-row">
          <dt>Sunday</dt>
          <dd>9:00 am – 1:00 pm</dd>
        </div>
        <div class="tpl-hours-row">
          <dt>Public holidays</dt>
          <dd>See the calendar</dd>
        </div>
      </dl>
    </div>
  </section>

  <section class="tpl-getting-here tpl-split tpl-split--reverse">
    <div>
      <p class="tpl-eyebrow">Getting here</p>
      <h2>Look for the blue awning</h2>
      <ul class="tpl-routes">
        <li>
          <h3>By bus</h3>
          <p>Lines 4 and 12 stop at Market Street, a two-minute walk from our door.</p>
        </li>
        <li>
          <h3>By bike</h3>
          <p>There are bike racks right outside, and a shower in the changing rooms.</p>
        </li>
        <li>
          <h3>By car</h3>
          <p>The Riverside car park is free after 6 pm and all day on Sundays.</p>
        </li>
      </ul>
    </div>
    <figure class="tpl-media">
      <img src="${img}/studio-front.webp" width="600" height="400" loading="lazy" alt="The studio's front: a striped blue awning over a wide window and a dark blue door">
    </figure>
  </section>

  <section class="tpl-faq-section">
    <div class="tpl-section-head tpl-section-head--center">
      <p class="tpl-eyebrow">Good to know</p>
      <h2>Before your first visit</h2>
    </div>
    <div class="tpl-grid tpl-grid--2">
      <div class="tpl-faq">
        <h3>Do I need to book?</h3>
        <p>Booking online keeps your place, but if there is a free mat you are welcome to walk in.</p>
      </div>
      <div class="tpl-faq">
        <h3>What should I bring?</h3>
        <p>Comfortable clothes and a bottle of water. Mats, blocks and gloves are provided.</p>
      </div>
      <div class="tpl-faq">
        <h3>Is the studio accessible?</h3>
        <p>Yes: the entrance is step-free, and there is an accessible changing room and toilet.</p>
      </div>
      <div class="tpl-faq">
        <h3>Can I try a class first?</h3>
        <p>Of course. Your first class is free, so you can find the style and teacher that suit you.</p>
      </div>
    </div>
  </section>

  <section class="tpl-cta">
    <h2>Prefer to talk?</h2>
    <p>Call us during opening hours and speak to a teacher, not a machine.</p>
    <div class="tpl-actions">
      <a class="tpl-btn" href="tel:+15555550123">Call 555-555-0123</a>
      <a class="tpl-btn tpl-btn--ghost" href="mailto:hello@example.com">Send an email</a>
    </div>
  </section>
</div>`

const root = '.tpl-contact'

const css = `${sharedTemplateCss(root, {
  ink: '#0f2333',
  muted: '#445566',
  surface: '#ffffff',
  soft: '#e1eef7',
  accent: '#1d5f8a',
  onAccent: '#ffffff',
  accentText: '#1a557c',
  line: '#d3e2ec',
  headingFont: SANS_STACK,
  bodyFont: SANS_STACK,
})}
${root} h2 { letter-spacing: -0.02em; }
${root} address { font-style: normal; color: var(--tpl-muted); }
${root} .tpl-ways-to-reach { display: grid; gap: 16px; margin: 28px 0 0; }
${root} .tpl-reach-item { padding: 18px 20px 18px 22px; ${border('1px', 'var(--tpl-line)')} ${border('6px', 'var(--tpl-accent)', 'left')} border-radius: 14px; background-color: var(--tpl-surface); }
${root} .tpl-reach-item h3 { margin: 0 0 2px; font-size: 1.0625rem; }
${root} .tpl-reach-item a { font-weight: 700; font-size: 1.0625rem; }
${root} .tpl-map { overflow: hidden; border-radius: 20px; ${border('1px', 'var(--tpl-line)')} background-color: var(--tpl-surface); box-shadow: 0 30px 60px -30px rgba(15, 35, 51, 0.45); }
${root} .tpl-map img { width: 100%; }
${root} .tpl-map figcaption { padding: 14px 20px; font-size: 0.9375rem; color: var(--tpl-muted); }
${root} .tpl-hours { display: grid; gap: 0; margin: 0; padding: 8px 24px; border-radius: 16px; background-color: var(--tpl-surface); }
${root} .tpl-hours-row { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 16px; padding: 16px 0; ${border('1px', 'var(--tpl-line)', 'bottom')} }
${root} .tpl-hours-row:last-child { border-bottom: 0; }
${root} .tpl-hours dt { font-weight: 700; }
${root} .tpl-hours dd { margin: 0; color: var(--tpl-muted); }
${root} .tpl-routes { display: grid; gap: 20px; margin: 24px 0 0; }
${root} .tpl-routes li { padding: 0 0 0 20px; ${border('4px', 'var(--tpl-accent)', 'left')} }
${root} .tpl-routes p { color: var(--tpl-muted); }
${root} .tpl-faq { padding: 28px; border-radius: 20px; background-color: var(--tpl-surface); ${border('1px', 'var(--tpl-line)')} }
${root} .tpl-faq p { color: var(--tpl-muted); }
`

export const contactTemplate: MasterTemplate = {
  id: 'master-contact',
  slug: 'contact',
  name: 'Contact and Visit',
  pageType: 'contact',
  html,
  css,
  thumbnail: `${img}/thumbnail.webp`,
}
