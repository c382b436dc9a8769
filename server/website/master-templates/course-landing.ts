import type { MasterTemplate } from './master-template'
import { border, SANS_STACK, sharedTemplateCss } from './template-css'

const img = '/website-templates/course-landing'

const WEEKS: [string, string][] = [
  ['Breath and posture', 'How to stand, sit and breathe well: the ground every other pose is built on.'],
  ['Sun salutations', 'Learn the classic sequence step by step, then link it to your breath.'],
  ['Standing strength', 'Warriors, triangle and chair pose for strong legs and a steady mind.'],
  ['Balance', 'Tree, eagle and half moon, with props and plenty of laughter.'],
  ['Twists and backbends', 'Gentle ways to keep your spine supple and your shoulders open.'],
  ['Hips and hamstrings', 'Seated and reclined poses for desk-bound bodies.'],
  ['Rest and restore', 'Yin and restorative yoga, and how relaxation works.'],
  ['Your own practice', 'Put it all together in a 20-minute sequence you can do at home.'],
]

const weeks = WEEKS.map(
  ([title, text], index) => `
      <li class="tpl-week">
        <p class="tpl-week-label">Week ${index + 1}</p>
        <h3>${title}</h3>
        <p>${text}</p>
      </li>`,
).join('')

const html = `<div class="tpl-course-landing">
  <section class="tpl-hero tpl-split">
    <div>
      <p class="tpl-eyebrow">8-week course · Starts Monday 2 March</p>
      <h2>Foundations of Yoga</h2>
      <p class="tpl-lead">A friendly, step-by-step course for complete beginners. In eight evenings you will learn the essential poses, how to breathe through them, and how to practise safely on your own.</p>
      <dl class="tpl-facts">
        <div class="tpl-fact">
          <dt>Duration</dt>
          <dd>8 weeks, 90 minutes each</dd>
        </div>
        <div class="tpl-fact">
          <dt>Format</dt>
          <dd>In the studio, with recordings</dd>
        </div>
        <div class="tpl-fact">
          <dt>Level</dt>
          <dd>New to yoga</dd>
        </div>
        <div class="tpl-fact">
          <dt>Price</dt>
          <dd>$240, or 3 payments of $80</dd>
        </div>
      </dl>
      <div class="tpl-actions">
        <a class="tpl-btn" href="/courses">Enrol now</a>
        <a class="tpl-btn tpl-btn--ghost" href="/contact">Ask a question</a>
      </div>
    </div>
    <figure class="tpl-media">
      <img src="${img}/hero-800.webp" srcset="${img}/hero-800.webp 1x, ${img}/hero-1600.webp 2x" width="800" height="450" alt="A student sits cross-legged on a cushion in front of a large mandala, with eight dots marking the weeks of the course">
    </figure>
  </section>

  <section class="tpl-band tpl-outcomes">
    <div class="tpl-split">
      <div>
        <p class="tpl-eyebrow">What you will learn</p>
        <h2>Leave with a practice you can keep</h2>
        <p class="tpl-lead">Each week builds on the last, with notes and a short video to practise at home between sessions.</p>
      </div>
      <ul class="tpl-checklist">
        <li>The 20 poses every class is built from</li>
        <li>Breathing techniques to calm and focus</li>
        <li>How to use blocks, straps and bolsters</li>
        <li>Safe ways to adapt poses to your body</li>
        <li>A home routine for busy days</li>
        <li>The confidence to join any open class</li>
      </ul>
    </div>
  </section>

  <section class="tpl-curriculum">
    <div class="tpl-section-head">
      <p class="tpl-eyebrow">Course outline</p>
      <h2>Week by week</h2>
    </div>
    <ol class="tpl-weeks">${weeks}
    </ol>
  </section>

  <section class="tpl-teacher tpl-split tpl-split--reverse">
    <div>
      <p class="tpl-eyebrow">Your teacher</p>
      <h2>Learn with Amara Johnson</h2>
      <p>Amara has taught beginners for over twelve years. She trained in London and Mysore, and is known for clear instructions, gentle humour and an endless supply of props.</p>
      <figure class="tpl-teacher-quote">
        <blockquote>
          <p>“Nobody is too stiff for yoga. Stiff is simply where you start.”</p>
        </blockquote>
        <figcaption>Amara Johnson</figcaption>
      </figure>
    </div>
    <figure class="tpl-portrait">
      <img src="${img}/instructor.webp" width="400" height="400" loading="lazy" alt="Portrait of Amara Johnson, the course teacher">
    </figure>
  </section>

  <section class="tpl-reviews">
    <div class="tpl-section-head tpl-section-head--center">
      <p class="tpl-eyebrow">From past students</p>
      <h2>What the last group said</h2>
    </div>
    <div class="tpl-grid tpl-grid--2">
      <figure class="tpl-quote">
        <blockquote>
          <p>“I had never done a single class. Eight weeks later I practise three mornings a week and my back has never felt better.”</p>
        </blockquote>
        <figcaption>Tom, spring course</figcaption>
      </figure>
      <figure class="tpl-quote">
        <blockquote>
          <p>“Small group, lots of attention, and the recordings meant I never fell behind when I missed a week.”</p>
        </blockquote>
        <figcaption>Lucia, autumn course</figcaption>
      </figure>
    </div>
  </section>

  <section class="tpl-good-to-know">
    <h2>Good to know</h2>
    <div class="tpl-grid tpl-grid--3">
      <div class="tpl-note">
        <h3>What to bring</h3>
        <p>Comfortable clothes and water. Mats and props are provided.</p>
      </div>
      <div class="tpl-note">
        <h3>Missed a week?</h3>
        <p>Watch the recording, or join the same session in the next course for free.</p>
      </div>
      <div class="tpl-note">
        <h3>Change of plans</h3>
        <p>Full refund up to seven days before the start, no questions asked.</p>
      </div>
    </div>
  </section>

  <section class="tpl-cta">
    <h2>Only 16 places on each course</h2>
    <p>Book now to keep your mat: places are limited and paid online at checkout.</p>
    <div class="tpl-actions">
      <a class="tpl-btn" href="/courses">Enrol now</a>
      <a class="tpl-btn tpl-btn--ghost" href="/contact">Talk to Amara</a>
    </div>
  </section>
</div>`

const root = '.tpl-course-landing'

const css = `${sharedTemplateCss(root, {
  ink: '#0f2b2a',
  muted: '#3f5957',
  surface: '#ffffff',
  soft: '#e0f2ef',
  accent: '#0f766e',
  onAccent: '#ffffff',
  accentText: '#0d6b64',
  line: '#cfe5e1',
  headingFont: SANS_STACK,
  bodyFont: SANS_STACK,
})}
${root} h2 { letter-spacing: -0.02em; }
${root} .tpl-hero h2 { font-size: clamp(2.25rem, 1.5rem + 3.5vw, 4rem); line-height: 1.05; }
${root} .tpl-facts { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 12px; margin: 28px 0 0; }
${root} .tpl-fact { padding: 14px 16px; ${border('1px', 'var(--tpl-line)')} border-radius: 14px; background-color: var(--tpl-surface); }
${root} .tpl-fact dt { font-size: 0.75rem; font-weight: 700; letter-spacing: 0.1em; text-transform: uppercase; color: var(--tpl-accent-text); }
${root} .tpl-fact dd { margin: 2px 0 0; font-weight: 600; line-height: 1.4; }
${root} .tpl-checklist { display: grid; gap: 12px; grid-template-columns: minmax(0, 1fr); }
${root} .tpl-checklist li { position: relative; padding: 14px 16px 14px 52px; border-radius: 14px; background-color: var(--tpl-surface); font-weight: 600; }
${root} .tpl-checklist li::before { content: ""; position: absolute; left: 16px; top: 50%; width: 22px; height: 22px; margin-top: -11px; border-radius: 50%; background-color: var(--tpl-accent); }
${root} .tpl-checklist li::after { content: ""; position: absolute; left: 24px; top: 50%; width: 5px; height: 10px; margin-top: -7px; border-style: solid; border-width: 0 2px 2px 0; border-right-color: var(--tpl-on-accent); border-bottom-color: var(--tpl-on-accent); transform: rotate(45deg); }
${root} .tpl-weeks { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); }
${root} .tpl-week { position: relative; padding: 24px 24px 24px 28px; ${border('1px', 'var(--tpl-line)')} border-radius: 16px; background-color: var(--tpl-surface); }
${root} .tpl-week::before { content: ""; position: absolute; left: 0; top: 24px; bottom: 24px; width: 4px; border-radius: 0 4px 4px 0; background-color: var(--tpl-accent); }
${root} .tpl-week p { color: var(--tpl-muted); }
${root} .tpl-week .tpl-week-label { margin: 0 0 4px; font-size: 0.8125rem; font-weight: 800; letter-spacing: 0.1em; text-transform: uppercase; color: var(--tpl-accent-text); }
${root} .tpl-portrait { justify-self: center; width: 100%; max-width: 380px; padding: 16px; border-radius: 50%; background-color: var(--tpl-soft); }
${root} .tpl-portrait img { width: 100%; border-radius: 50%; }
${root} .tpl-teacher-quote { margin: 24px 0 0; padding: 0 0 0 20px; ${border('4px', 'var(--tpl-accent)', 'left')} }
${root} .tpl-teacher-quote blockquote p { font-size: 1.25rem; font-style: italic; color: var(--tpl-ink); }
${root} .tpl-teacher-quote figcaption { margin-top: 8px; font-weight: 700; color: var(--tpl-muted); }
${root} .tpl-good-to-know h2 { margin-bottom: 24px; }
${root} .tpl-note { padding: 24px; border-radius: 16px; background-color: var(--tpl-soft); }
${root} .tpl-note p { color: var(--tpl-muted); }
@media (min-width: 640px) {
  ${root} .tpl-checklist { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${root} .tpl-weeks { grid-template-columns: repeat(2, minmax(0, 1fr)); }
}
@media (min-width: 1024px) {
  ${root} .tpl-weeks { grid-template-columns: repeat(4, minmax(0, 1fr)); }
}
`

export const courseLandingTemplate: MasterTemplate = {
  id: 'master-course-landing',
  slug: 'course-landing',
  name: 'Course Landing Page',
  pageType: 'others',
  html,
  css,
  thumbnail: `${img}/thumbnail.webp`,
}
