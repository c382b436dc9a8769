import type { MasterTemplate } from './master-template'
import { border, SANS_STACK, SERIF_STACK, sharedTemplateCss } from './template-css'

const img = '/website-templates/about'

const html = `<div class="tpl-about">
  <section class="tpl-story tpl-split tpl-split--reverse">
    <div class="tpl-story-text">
      <p class="tpl-eyebrow">Our story</p>
      <h2>A small studio with a big heart</h2>
      <p class="tpl-lead">Our Studio opened in 2012 in a converted bakery on Market Street, with one teacher, twelve mats and a kettle that never stopped boiling.</p>
      <p>Word spread the old-fashioned way: friends brought friends, and friends brought their children. Today twelve teachers share a timetable of yoga, dance and martial arts, and the kettle is still on.</p>
      <p>We are independent and proud of it. Every class is planned by the people who teach it, and every new student is welcomed by name.</p>
      <p class="tpl-signature">Maya Chen, founder</p>
    </div>
    <figure class="tpl-media">
      <img src="${img}/hero-800.webp" srcset="${img}/hero-800.webp 1x, ${img}/hero-1600.webp 2x" width="800" height="450" alt="Three people sit on cushions in a bright studio with tall arched windows, sharing tea after class">
    </figure>
  </section>

  <section class="tpl-values">
    <div class="tpl-section-head tpl-section-head--center">
      <p class="tpl-eyebrow">What we believe</p>
      <h2>Three promises to every student</h2>
    </div>
    <div class="tpl-grid tpl-grid--3">
      <div class="tpl-value">
        <h3>Everyone belongs</h3>
        <p>Whatever your age, shape or experience, there is a class here for you, and a teacher who will adapt it to you.</p>
      </div>
      <div class="tpl-value">
        <h3>Progress over perfection</h3>
        <p>We celebrate the first wobbly balance as much as the hundredth handstand. Small steps, taken often, add up.</p>
      </div>
      <div class="tpl-value">
        <h3>Teachers who keep learning</h3>
        <p>Our team trains every year, so what you learn is safe, current and taught with care.</p>
      </div>
    </div>
  </section>

  <section class="tpl-numbers-band">
    <h2>Our Studio in numbers</h2>
    <dl class="tpl-numbers">
      <div class="tpl-number">
        <dt>years on Market Street</dt>
        <dd>14</dd>
      </div>
      <div class="tpl-number">
        <dt>students taught</dt>
        <dd>4,000+</dd>
      </div>
      <div class="tpl-number">
        <dt>classes every week</dt>
        <dd>30</dd>
      </div>
      <div class="tpl-number">
        <dt>teachers on the team</dt>
        <dd>12</dd>
      </div>
    </dl>
  </section>

  <section class="tpl-team-section">
    <div class="tpl-section-head">
      <p class="tpl-eyebrow">The team</p>
      <h2>Meet the teachers</h2>
      <p class="tpl-lead">Experienced, qualified and genuinely glad to see you, whether it is your first class or your five hundredth.</p>
    </div>
    <ul class="tpl-team tpl-grid tpl-grid--3">
      <li class="tpl-member">
        <img src="${img}/team-maya.webp" width="400" height="400" loading="lazy" alt="Portrait of Maya Chen">
        <h3>Maya Chen</h3>
        <p class="tpl-role">Founder · Yoga</p>
        <p>Maya has taught vinyasa and yin for twenty years and still teaches the Monday sunrise class.</p>
      </li>
      <li class="tpl-member">
        <img src="${img}/team-daniel.webp" width="400" height="400" loading="lazy" alt="Portrait of Daniel Reyes">
        <h3>Daniel Reyes</h3>
        <p class="tpl-role">Martial arts · Kickboxing</p>
        <p>A third-dan black belt who believes the best technique is patience. Runs our children's karate.</p>
      </li>
      <li class="tpl-member">
        <img src="${img}/team-amara.webp" width="400" height="400" loading="lazy" alt="Portrait of Amara Johnson">
        <h3>Amara Johnson</h3>
        <p class="tpl-role">Dance · Contemporary and salsa</p>
        <p>Amara danced professionally for a decade and now choreographs our summer showcase.</p>
      </li>
    </ul>
  </section>

  <section class="tpl-cta">
    <h2>Come and say hello</h2>
    <p>The best way to get to know us is to visit. Pop in for a cup of tea, or join any beginner class free of charge.</p>
    <div class="tpl-actions">
      <a class="tpl-btn" href="/contact">Plan your visit</a>
      <a class="tpl-btn tpl-btn--ghost" href="/calendar">See the timetable</a>
    </div>
  </section>
</div>`

const root = '.tpl-about'

const css = `${sharedTemplateCss(root, {
  ink: '#1f2a22',
  muted: '#4a5a4e',
  surface: '#ffffff',
  soft: '#e7efe3',
  accent: '#3f6b4f',
  onAccent: '#ffffff',
  accentText: '#355c43',
  line: '#d8e3d3',
  headingFont: SERIF_STACK,
  bodyFont: SANS_STACK,
})}
${root} .tpl-signature { margin-top: 24px; font-family: var(--tpl-heading-font); font-size: 1.25rem; font-style: italic; color: var(--tpl-accent-text); }
${root} .tpl-value { padding: 32px 28px; ${border('4px', 'var(--tpl-accent)', 'top')} border-radius: 4px 4px 20px 20px; background-color: var(--tpl-soft); }
${root} .tpl-value p { color: var(--tpl-muted); }
${root} .tpl-numbers-band { padding: 40px 24px; ${border('1px', 'var(--tpl-line)')} border-radius: 20px; background-color: var(--tpl-surface); }
${root} .tpl-numbers-band h2 { margin: 0 0 28px; text-align: center; font-size: clamp(1.5rem, 1.2rem + 1.2vw, 2rem); }
${root} .tpl-numbers { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 12px; margin: 0; }
${root} .tpl-number { display: flex; flex-direction: column-reverse; align-items: center; padding: 20px 12px; border-radius: 16px; background-color: var(--tpl-soft); text-align: center; }
${root} .tpl-number dd { margin: 0; font-family: var(--tpl-heading-font); font-size: clamp(2.25rem, 1.8rem + 2vw, 3.25rem); font-weight: 700; line-height: 1.1; color: var(--tpl-accent-text); }
${root} .tpl-number dt { margin: 4px 0 0; font-size: 0.9375rem; color: var(--tpl-muted); }
${root} .tpl-member { display: flex; flex-direction: column; align-items: center; padding: 32px 24px; ${border(
  '1px',
  'var(--tpl-line)',
)} border-radius: 20px; background-color: var(--tpl-surface); text-align: center; }
${root} .tpl-member img { width: 160px; height: 160px; margin: 0 0 20px; border-radius: 50%; ${border('6px', 'var(--tpl-soft)')} }
${root} .tpl-member h3 { margin: 0; }
${root} .tpl-member p { color: var(--tpl-muted); }
${root} .tpl-member .tpl-role { margin: 4px 0 12px; font-size: 0.875rem; font-weight: 700; letter-spacing: 0.04em; color: var(--tpl-accent-text); }
@media (min-width: 640px) {
  ${root} .tpl-numbers-band { padding: 56px 40px; }
}
@media (min-width: 1024px) {
  ${root} .tpl-numbers { grid-template-columns: repeat(4, minmax(0, 1fr)); }
}
`

export const aboutTemplate: MasterTemplate = {
  id: 'master-about',
  slug: 'about',
  name: 'About the Studio',
  pageType: 'about',
  html,
  css,
  thumbnail: `${img}/thumbnail.webp`,
}
