import type { MasterTemplate } from './master-template'
import { border, SANS_STACK, sharedTemplateCss } from './template-css'

const img = '/website-templates/class-studio'

interface Session {
  time: string
  name: string
  style: 'yoga' | 'dance' | 'martial'
  teacher: string
}

const STYLE_NAMES: Record<Session['style'], string> = { yoga: 'Yoga', dance: 'Dance', martial: 'Martial arts' }

/** The sample week; written out as plain markup below, so a studio edits it like any other text. */
const WEEK: [string, Session[]][] = [
  [
    'Monday',
    [
      { time: '7:00 am', name: 'Sunrise Flow', style: 'yoga', teacher: 'Maya' },
      { time: '12:15 pm', name: 'Lunchtime Stretch', style: 'yoga', teacher: 'Daniel' },
      { time: '6:00 pm', name: 'Salsa Beginners', style: 'dance', teacher: 'Amara' },
      { time: '7:30 pm', name: 'Kickboxing', style: 'martial', teacher: 'Leo' },
    ],
  ],
  [
    'Tuesday',
    [
      { time: '7:00 am', name: 'Power Vinyasa', style: 'yoga', teacher: 'Daniel' },
      { time: '5:00 pm', name: 'Kids Karate', style: 'martial', teacher: 'Leo' },
      { time: '6:30 pm', name: 'Contemporary', style: 'dance', teacher: 'Amara' },
      { time: '8:00 pm', name: 'Yin and Breath', style: 'yoga', teacher: 'Maya' },
    ],
  ],
  [
    'Wednesday',
    [
      { time: '7:00 am', name: 'Sunrise Flow', style: 'yoga', teacher: 'Maya' },
      { time: '6:00 pm', name: 'Street Dance Teens', style: 'dance', teacher: 'Jo' },
      { time: '7:30 pm', name: 'Karate Adults', style: 'martial', teacher: 'Leo' },
    ],
  ],
  [
    'Thursday',
    [
      { time: '12:15 pm', name: 'Lunchtime Stretch', style: 'yoga', teacher: 'Daniel' },
      { time: '6:00 pm', name: 'Salsa Improvers', style: 'dance', teacher: 'Amara' },
      { time: '7:30 pm', name: 'Vinyasa Flow', style: 'yoga', teacher: 'Maya' },
    ],
  ],
  [
    'Friday',
    [
      { time: '7:00 am', name: 'Power Vinyasa', style: 'yoga', teacher: 'Daniel' },
      { time: '6:00 pm', name: 'Kickboxing', style: 'martial', teacher: 'Leo' },
      { time: '7:30 pm', name: 'Friday Social Dance', style: 'dance', teacher: 'Amara' },
    ],
  ],
  [
    'Saturday',
    [
      { time: '9:00 am', name: 'Kids Karate', style: 'martial', teacher: 'Leo' },
      { time: '10:30 am', name: 'Family Yoga', style: 'yoga', teacher: 'Maya' },
      { time: '12:00 pm', name: 'Dance Workshop', style: 'dance', teacher: 'Jo' },
    ],
  ],
]

const timetable = WEEK.map(
  ([day, sessions]) => `
      <article class="tpl-day">
        <h3>${day}</h3>
        <ul class="tpl-sessions">${sessions
          .map(
            (s) => `
          <li class="tpl-session tpl-session--${s.style}">
            <span class="tpl-session-time">${s.time}</span>
            <span class="tpl-session-name">${s.name}</span>
            <span class="tpl-session-teacher">${STYLE_NAMES[s.style]} with ${s.teacher}</span>
          </li>`,
          )
          .join('')}
        </ul>
      </article>`,
).join('')

const html = `<div class="tpl-class-studio">
  <section class="tpl-hero tpl-split">
    <div>
      <p class="tpl-eyebrow">Weekly classes</p>
      <h2>Classes for every body, every week</h2>
      <p class="tpl-lead">Yoga at sunrise, salsa after work, karate on Saturday mornings. Over 20 classes a week, taught in small groups by people who love what they teach.</p>
      <div class="tpl-actions">
        <a class="tpl-btn" href="/calendar">Book a class</a>
        <a class="tpl-btn tpl-btn--ghost" href="#prices">See prices</a>
      </div>
      <ul class="tpl-perks">
        <li>Beginners welcome</li>
        <li>Mats and gear provided</li>
        <li>First class free</li>
      </ul>
    </div>
    <figure class="tpl-media">
      <img src="${img}/hero-800.webp" srcset="${img}/hero-800.webp 1x, ${img}/hero-1600.webp 2x" width="800" height="450" alt="Three dancers practise in a mirrored studio with a ballet barre and string lights">
    </figure>
  </section>

  <section class="tpl-styles">
    <div class="tpl-section-head">
      <p class="tpl-eyebrow">Find your style</p>
      <h2>Three styles, one timetable</h2>
    </div>
    <div class="tpl-grid tpl-grid--3">
      <article class="tpl-card">
        <img src="${img}/yoga.webp" width="600" height="400" loading="lazy" alt="A student holds warrior two pose on a yoga mat">
        <div class="tpl-card-body">
          <span class="tpl-level">All levels</span>
          <h3>Yoga</h3>
          <p>From gentle stretch to strong vinyasa. Build strength, balance and a calmer mind.</p>
          <p class="tpl-meta">60 or 75 minutes · up to 16 people</p>
        </div>
      </article>
      <article class="tpl-card">
        <img src="${img}/dance.webp" width="600" height="400" loading="lazy" alt="Two dancers move together surrounded by ribbons of colour">
        <div class="tpl-card-body">
          <span class="tpl-level">Beginner to improver</span>
          <h3>Dance</h3>
          <p>Salsa, contemporary and street dance. Come alone or bring a friend; no partner needed.</p>
          <p class="tpl-meta">60 minutes · up to 20 people</p>
        </div>
      </article>
      <article class="tpl-card">
        <img src="${img}/martial-arts.webp" width="600" height="400" loading="lazy" alt="A karate student in a white uniform throws a high side kick">
        <div class="tpl-card-body">
          <span class="tpl-level">Ages 6 and up</span>
          <h3>Martial arts</h3>
          <p>Karate and kickboxing for focus, fitness and confidence, with graded belts for children.</p>
          <p class="tpl-meta">45 to 75 minutes · up to 14 people</p>
        </div>
      </article>
    </div>
  </section>

  <section class="tpl-band tpl-week-band" id="timetable">
    <div class="tpl-section-head">
      <p class="tpl-eyebrow">Timetable</p>
      <h2>This week at the studio</h2>
      <p class="tpl-lead">The same classes run every week. Holidays and cover teachers are shown on the calendar, where you can also book your place.</p>
    </div>
    <ul class="tpl-legend">
      <li class="tpl-legend-item tpl-legend-item--yoga">Yoga</li>
      <li class="tpl-legend-item tpl-legend-item--dance">Dance</li>
      <li class="tpl-legend-item tpl-legend-item--martial">Martial arts</li>
    </ul>
    <div class="tpl-week">${timetable}
    </div>
    <p class="tpl-week-note">Sunday is kept for workshops and private hire. <a href="/calendar">See what is on</a></p>
  </section>

  <section class="tpl-prices" id="prices">
    <div class="tpl-section-head tpl-section-head--center">
      <p class="tpl-eyebrow">Prices</p>
      <h2>Simple passes, no joining fee</h2>
      <p class="tpl-lead">Every pass works for every style, so you can mix yoga on Monday with salsa on Friday.</p>
    </div>
    <div class="tpl-grid tpl-grid--3">
      <article class="tpl-plan">
        <h3>Drop-in</h3>
        <p class="tpl-price"><strong>$18</strong> per class</p>
        <ul class="tpl-plan-features">
          <li>Any class on the timetable</li>
          <li>Pay when you book</li>
          <li>Mats and gear included</li>
        </ul>
        <a class="tpl-btn tpl-btn--ghost" href="/calendar">Book one class</a>
      </article>
      <article class="tpl-plan tpl-plan--featured">
        <p class="tpl-badge">Most popular</p>
        <h3>Unlimited</h3>
        <p class="tpl-price"><strong>$119</strong> per month</p>
        <ul class="tpl-plan-features">
          <li>As many classes as you like</li>
          <li>Pause for up to 2 months a year</li>
          <li>10% off workshops and events</li>
        </ul>
        <a class="tpl-btn" href="/calendar">Start unlimited</a>
      </article>
      <article class="tpl-plan">
        <h3>10-class pass</h3>
        <p class="tpl-price"><strong>$150</strong> per pass</p>
        <ul class="tpl-plan-features">
          <li>Ten classes, any style</li>
          <li>Valid for six months</li>
          <li>Share it with family</li>
        </ul>
        <a class="tpl-btn tpl-btn--ghost" href="/calendar">Buy a pass</a>
      </article>
    </div>
  </section>

  <section class="tpl-first-visit">
    <div class="tpl-section-head">
      <p class="tpl-eyebrow">Your first visit</p>
      <h2>Three steps to your first class</h2>
    </div>
    <ol class="tpl-steps">
      <li class="tpl-step">
        <h3>Pick a class</h3>
        <p>Choose anything marked for beginners on the calendar and book your free place.</p>
      </li>
      <li class="tpl-step">
        <h3>Arrive ten minutes early</h3>
        <p>We will show you around, lend you a mat and introduce you to your teacher.</p>
      </li>
      <li class="tpl-step">
        <h3>Move at your own pace</h3>
        <p>Take every option that feels right, rest whenever you like, and ask anything afterwards.</p>
      </li>
    </ol>
  </section>

  <section class="tpl-cta">
    <h2>Ready to roll out your mat?</h2>
    <p>Your first class is free. Book it now and we will save you a spot at the front or the back, whichever you prefer.</p>
    <div class="tpl-actions">
      <a class="tpl-btn" href="/calendar">Book a free class</a>
      <a class="tpl-btn tpl-btn--ghost" href="/contact">Ask us a question</a>
    </div>
  </section>
</div>`

const root = '.tpl-class-studio'

const css = `${sharedTemplateCss(root, {
  ink: '#2a1630',
  muted: '#5b4760',
  surface: '#ffffff',
  soft: '#f6e8f4',
  accent: '#7b2d8e',
  onAccent: '#ffffff',
  accentText: '#6e2780',
  line: '#ead6ea',
  headingFont: SANS_STACK,
  bodyFont: SANS_STACK,
})}
${root} {
  --tpl-yoga: #3f6b4f;
  --tpl-dance: #7b2d8e;
  --tpl-martial: #a8431f;
}
${root} h2 { letter-spacing: -0.02em; }
${root} .tpl-perks { display: flex; flex-wrap: wrap; gap: 8px; margin: 28px 0 0; }
${root} .tpl-perks li { padding: 6px 14px; border-radius: 999px; background-color: var(--tpl-soft); color: var(--tpl-accent-text); font-size: 0.875rem; font-weight: 700; }
${root} .tpl-level { align-self: flex-start; margin: 0 0 8px; padding: 4px 12px; border-radius: 999px; background-color: var(--tpl-soft); color: var(--tpl-accent-text); font-size: 0.8125rem; font-weight: 700; }
${root} .tpl-meta { margin-top: auto; padding-top: 12px; ${border('1px', 'var(--tpl-line)', 'top')} font-size: 0.875rem; font-weight: 600; }
${root} .tpl-legend { display: flex; flex-wrap: wrap; gap: 8px 20px; margin: 0 0 24px; }
${root} .tpl-legend-item { display: inline-flex; align-items: center; gap: 8px; font-size: 0.9375rem; font-weight: 600; }
${root} .tpl-legend-item::before { content: ""; width: 14px; height: 14px; border-radius: 4px; background-color: var(--tpl-yoga); }
${root} .tpl-legend-item--dance::before { background-color: var(--tpl-dance); }
${root} .tpl-legend-item--martial::before { background-color: var(--tpl-martial); }
${root} .tpl-week { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); }
${root} .tpl-day { padding: 18px 16px; border-radius: 16px; background-color: var(--tpl-surface); box-shadow: 0 10px 30px -22px rgba(42, 22, 48, 0.6); }
${root} .tpl-day h3 { margin: 0 0 12px; padding: 0 0 10px; ${border('2px', 'var(--tpl-soft)', 'bottom')} font-size: 1.125rem; }
${root} .tpl-sessions { display: grid; gap: 10px; }
${root} .tpl-session { display: grid; grid-template-columns: 76px minmax(0, 1fr); column-gap: 12px; padding: 8px 10px 8px 12px; ${border(
  '4px',
  'var(--tpl-yoga)',
  'left',
)} border-radius: 6px; background: #fbf7fb; }
${root} .tpl-session--dance { border-left-color: var(--tpl-dance); }
${root} .tpl-session--martial { border-left-color: var(--tpl-martial); }
${root} .tpl-session-time { grid-row: span 2; font-size: 0.875rem; font-weight: 700; font-variant-numeric: tabular-nums; color: var(--tpl-ink); }
${root} .tpl-session-name { font-weight: 700; line-height: 1.35; }
${root} .tpl-session-teacher { font-size: 0.875rem; color: var(--tpl-muted); }
${root} .tpl-week-note { margin: 24px 0 0; color: var(--tpl-muted); }
${root} .tpl-week-note a { font-weight: 700; }
${root} .tpl-plan { position: relative; display: flex; flex-direction: column; gap: 8px; padding: 32px 28px; ${border(
  '1px',
  'var(--tpl-line)',
)} border-radius: 20px; background-color: var(--tpl-surface); }
${root} .tpl-plan .tpl-btn { margin-top: auto; }
${root} .tpl-plan--featured { ${border('2px', 'var(--tpl-accent)')} box-shadow: 0 24px 48px -28px rgba(123, 45, 142, 0.7); }
${root} .tpl-badge { position: absolute; top: -14px; left: 28px; margin: 0; padding: 4px 14px; border-radius: 999px; background-color: var(--tpl-accent); color: var(--tpl-on-accent); font-size: 0.8125rem; font-weight: 700; }
${root} .tpl-price { margin: 0; color: var(--tpl-muted); }
${root} .tpl-price strong { font-size: 2.5rem; line-height: 1.1; color: var(--tpl-ink); }
${root} .tpl-plan-features { display: grid; gap: 10px; margin: 12px 0 24px; }
${root} .tpl-plan-features li { position: relative; padding-left: 28px; }
${root} .tpl-plan-features li::before { content: ""; position: absolute; left: 4px; top: 5px; width: 7px; height: 12px; border-style: solid; border-width: 0 3px 3px 0; border-right-color: var(--tpl-accent); border-bottom-color: var(--tpl-accent); transform: rotate(45deg); }
${root} .tpl-steps { display: grid; gap: 20px; counter-reset: tpl-step; }
${root} .tpl-step { position: relative; padding: 28px 24px 28px 84px; border-radius: 20px; background-color: var(--tpl-soft); counter-increment: tpl-step; }
${root} .tpl-step::before { content: counter(tpl-step); position: absolute; left: 24px; top: 26px; display: flex; align-items: center; justify-content: center; width: 44px; height: 44px; border-radius: 50%; background-color: var(--tpl-accent); color: var(--tpl-on-accent); font-weight: 800; }
${root} .tpl-step p { color: var(--tpl-muted); }
@media (min-width: 640px) {
  ${root} .tpl-day { padding: 20px; }
  ${root} .tpl-week { grid-template-columns: repeat(2, minmax(0, 1fr)); }
}
@media (min-width: 1024px) {
  ${root} .tpl-week { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  ${root} .tpl-steps { grid-template-columns: repeat(3, minmax(0, 1fr)); }
}
`

export const classStudioTemplate: MasterTemplate = {
  id: 'master-class-studio',
  slug: 'class-studio',
  name: 'Weekly Class Studio',
  pageType: 'others',
  html,
  css,
  thumbnail: `${img}/thumbnail.webp`,
}
