import type { MasterTemplate } from './master-template'
import { border, SANS_STACK, SERIF_STACK, sharedTemplateCss } from './template-css'

const img = '/website-templates/home'

const html = `<div class="tpl-home">
  <section class="tpl-hero tpl-split">
    <div class="tpl-hero-text">
      <p class="tpl-eyebrow">Yoga · Dance · Martial arts</p>
      <h2>Find your rhythm, one class at a time</h2>
      <p class="tpl-lead">Our Studio is a friendly neighbourhood space for yoga, dance and martial arts. Small classes, patient teachers and a timetable that fits around real life.</p>
      <div class="tpl-actions">
        <a class="tpl-btn" href="/calendar">See the timetable</a>
        <a class="tpl-btn tpl-btn--ghost" href="/contact">Book a free trial</a>
      </div>
      <ul class="tpl-stats">
        <li><strong>30+</strong> classes a week</li>
        <li><strong>12</strong> friendly teachers</li>
        <li><strong>All</strong> levels welcome</li>
      </ul>
    </div>
    <figure class="tpl-media tpl-hero-media">
      <img src="${img}/hero-800.webp" srcset="${img}/hero-800.webp 1x, ${img}/hero-1600.webp 2x" width="800" height="450" alt="A teacher holds tree pose on a mat in front of an arched window at sunrise">
    </figure>
  </section>

  <section class="tpl-classes">
    <div class="tpl-section-head">
      <p class="tpl-eyebrow">What we teach</p>
      <h2>Three ways to move</h2>
      <p class="tpl-lead">Every style is taught in small groups, with options for beginners and fresh challenges for regulars.</p>
    </div>
    <div class="tpl-grid tpl-grid--3">
      <article class="tpl-card">
        <img src="${img}/yoga.webp" width="600" height="400" loading="lazy" alt="A student in warrior two pose on a green yoga mat">
        <div class="tpl-card-body">
          <h3>Yoga</h3>
          <p>Slow flow, strong vinyasa and restful yin. Build strength and flexibility, and leave calmer than you came in.</p>
          <a class="tpl-card-link" href="/calendar">See yoga classes</a>
        </div>
      </article>
      <article class="tpl-card">
        <img src="${img}/dance.webp" width="600" height="400" loading="lazy" alt="Two dancers mid-move with ribbons of colour around them">
        <div class="tpl-card-body">
          <h3>Dance</h3>
          <p>Contemporary, salsa and street dance for adults and teens. No partner and no experience needed.</p>
          <a class="tpl-card-link" href="/calendar">See dance classes</a>
        </div>
      </article>
      <article class="tpl-card">
        <img src="${img}/martial-arts.webp" width="600" height="400" loading="lazy" alt="A student in a white uniform and black belt throws a side kick">
        <div class="tpl-card-body">
          <h3>Martial arts</h3>
          <p>Karate and kickboxing for confidence, focus and fitness, with separate classes for children and adults.</p>
          <a class="tpl-card-link" href="/calendar">See martial arts classes</a>
        </div>
      </article>
    </div>
  </section>

  <section class="tpl-band tpl-why">
    <div class="tpl-section-head tpl-section-head--center">
      <p class="tpl-eyebrow">Why students stay</p>
      <h2>A studio that feels like home</h2>
    </div>
    <ul class="tpl-features">
      <li class="tpl-feature">
        <span class="tpl-feature-mark">01</span>
        <h3>Small classes</h3>
        <p>Never more than 16 people, so your teacher knows your name and how your knees feel today.</p>
      </li>
      <li class="tpl-feature">
        <span class="tpl-feature-mark">02</span>
        <h3>Flexible passes</h3>
        <p>Drop in, buy a class pack or go unlimited. Pause your membership when life gets busy.</p>
      </li>
      <li class="tpl-feature">
        <span class="tpl-feature-mark">03</span>
        <h3>Beginners welcome</h3>
        <p>Every day has an introductory class, and your very first class is free.</p>
      </li>
      <li class="tpl-feature">
        <span class="tpl-feature-mark">04</span>
        <h3>A real community</h3>
        <p>Workshops, socials and a summer showcase bring students together outside class.</p>
      </li>
    </ul>
  </section>

  <section class="tpl-voices">
    <div class="tpl-section-head tpl-section-head--center">
      <p class="tpl-eyebrow">Kind words</p>
      <h2>What our students say</h2>
    </div>
    <div class="tpl-grid tpl-grid--2">
      <figure class="tpl-quote">
        <blockquote>
          <p>“I came for one trial class two years ago. Now Tuesday evening yoga is the calmest hour of my week.”</p>
        </blockquote>
        <figcaption>Priya, member since 2023</figcaption>
      </figure>
      <figure class="tpl-quote">
        <blockquote>
          <p>“Our kids love karate on Saturdays, and we joined the adult salsa class while we wait. Everyone wins.”</p>
        </blockquote>
        <figcaption>The Okafor family</figcaption>
      </figure>
    </div>
  </section>

  <section class="tpl-cta">
    <h2>Your first class is on us</h2>
    <p>Pick any beginner-friendly class on the timetable, tell us it is your first time, and we will save you a mat.</p>
    <div class="tpl-actions">
      <a class="tpl-btn" href="/calendar">Choose a class</a>
      <a class="tpl-btn tpl-btn--ghost" href="tel:+15555550123">Call 555-555-0123</a>
    </div>
  </section>
</div>`

const root = '.tpl-home'

const css = `${sharedTemplateCss(root, {
  ink: '#2b2118',
  muted: '#5f4b3d',
  surface: '#ffffff',
  soft: '#f8e9dc',
  accent: '#a8431f',
  onAccent: '#ffffff',
  accentText: '#97391a',
  line: '#eadccd',
  headingFont: SERIF_STACK,
  bodyFont: SANS_STACK,
})}
${root} .tpl-hero h2 { font-size: clamp(2rem, 1.4rem + 3vw, 3.5rem); }
${root} .tpl-stats { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 16px; margin: 32px 0 0; padding: 20px 0 0; ${border('1px', 'var(--tpl-line)', 'top')} }
${root} .tpl-stats li { color: var(--tpl-muted); font-size: 0.9375rem; }
${root} .tpl-stats strong { display: block; font-family: var(--tpl-heading-font); font-size: 1.75rem; line-height: 1.1; color: var(--tpl-accent-text); }
${root} .tpl-hero-media { transform: rotate(1deg); }
${root} .tpl-features { display: grid; gap: 20px; grid-template-columns: minmax(0, 1fr); }
${root} .tpl-feature { padding: 28px 24px; border-radius: 16px; background-color: var(--tpl-surface); box-shadow: 0 12px 30px -20px rgba(120, 60, 20, 0.45); }
${root} .tpl-feature p { color: var(--tpl-muted); }
${root} .tpl-feature-mark {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  margin: 0 0 16px;
  border-radius: 50%;
  background-color: var(--tpl-accent);
  color: var(--tpl-on-accent);
  font-weight: 700;
}
${root} .tpl-quote { ${border('6px', 'var(--tpl-accent)', 'left')} }
@media (min-width: 640px) {
  ${root} .tpl-features { grid-template-columns: repeat(2, minmax(0, 1fr)); }
}
@media (min-width: 1024px) {
  ${root} .tpl-features { grid-template-columns: repeat(4, minmax(0, 1fr)); }
}
`

export const homeTemplate: MasterTemplate = {
  id: 'master-home',
  slug: 'home',
  name: 'Studio Home',
  pageType: 'home',
  html,
  css,
  thumbnail: `${img}/thumbnail.webp`,
}
