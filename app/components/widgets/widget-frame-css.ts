/**
 * The widget page's own styles, inline: the page is shown inside other websites' frames, with
 * a policy that loads nothing else. The brand shades arrive as custom properties on <main>.
 * Media queries measure the frame, so a 300 px sidebar gets the compact layout.
 */
export const WIDGET_FRAME_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light;-webkit-text-size-adjust:100%}
html,body{margin:0;padding:0;background:transparent}
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#0f172a}
.widget{margin:0;padding:16px;background:#fff;border:1px solid #e2e8f0;border-radius:12px}
.widget--link{padding:12px;display:flex;justify-content:center}
.widget__heading{margin:0 0 12px;font-size:1.125rem;line-height:1.3;font-weight:700;letter-spacing:-0.01em}
.widget a{color:var(--brand-text)}
.widget a:focus-visible{outline:2px solid var(--brand-text);outline-offset:2px;border-radius:4px}
.widget__text{overflow-wrap:anywhere}
.widget__text>:first-child{margin-top:0}
.widget__text>:last-child{margin-bottom:0}
.widget__text p{margin:0 0 .6em}
.widget__text h1,.widget__text h2,.widget__text h3{margin:.8em 0 .4em;line-height:1.25}
.widget__text ul,.widget__text ol{margin:0 0 .6em;padding-left:1.4em}
.widget__text blockquote{margin:0 0 .6em;padding-left:.8em;border-left:3px solid #cbd5e1;color:#334155}
.widget__text .ql-align-center{text-align:center}
.widget__text .ql-align-right{text-align:right}
.widget__text .ql-align-justify{text-align:justify}
.widget__text .ql-size-small{font-size:.8em}
.widget__text .ql-size-large{font-size:1.4em}
.widget__text .ql-size-huge{font-size:2em}
.widget__button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;max-width:100%;padding:10px 22px;border-radius:8px;background:var(--brand);color:var(--on-brand)!important;font-weight:600;text-decoration:none;text-align:center;overflow-wrap:anywhere}
.widget__button:hover{background:var(--brand-hover)}
.events{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:10px}
.event{position:relative;display:flex;gap:12px;align-items:flex-start;padding:10px;border:1px solid #e2e8f0;border-radius:10px;background:#fff}
.event:hover{border-color:#94a3b8}
.event:focus-within{border-color:var(--brand-text)}
.event__badge{flex:none;display:flex;flex-direction:column;align-items:center;justify-content:center;width:52px;height:56px;border-radius:8px;background:var(--brand);color:var(--on-brand);line-height:1.1}
.event__month{font-size:.75rem;font-weight:600;text-transform:uppercase;letter-spacing:.05em}
.event__day{font-size:1.35rem;font-weight:700}
.event__body{flex:1;min-width:0;display:flex;flex-direction:column;gap:2px}
.event__name{font-weight:650;font-size:1rem;line-height:1.3;overflow-wrap:anywhere}
.event__name a{color:#0f172a;text-decoration:none}
.event__name a::after{content:"";position:absolute;inset:0;border-radius:10px}
.event__name a:hover{text-decoration:underline}
.event__when,.event__place,.event__meta{font-size:.875rem;color:#475569;overflow-wrap:anywhere}
.event__meta{display:flex;flex-wrap:wrap;gap:4px 10px}
.event__price{font-weight:600;color:#0f172a}
.event__image{flex:none;width:112px;height:80px;object-fit:cover;border-radius:8px;background:#f1f5f9}
.widget--past_event_list .event__badge{background:#e2e8f0;color:#334155}
.widget--event_sidebar{padding:12px}
.widget--event_sidebar .events{gap:0}
.widget--event_sidebar .event{border:0;border-radius:0;padding:10px 2px;border-top:1px solid #e2e8f0}
.widget--event_sidebar .event:first-child{border-top:0;padding-top:2px}
.widget--event_sidebar .event__badge{width:44px;height:46px}
.widget--event_sidebar .event__day{font-size:1.1rem}
.widget--event_sidebar .event__name{font-size:.95rem}
.widget__empty{margin:0;color:#475569}
.widget__more{margin:12px 0 0;font-size:.9rem;font-weight:600}
@media (max-width:420px){
.widget{padding:12px}
.event__image{display:none}
.event{padding:8px}
}
`
