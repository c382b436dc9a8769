import { MIN_FILL_MS } from '#server/forms/fill-time'
import type { RunningServer } from '#tests/e2e/support/server'
import { send, signInAsDemoAdmin } from './bench-http'

/**
 * The registration form the forms benchmarks use: the built-in Name, Email and Phone inputs
 * plus nine custom fields of every input type, twelve inputs in all, no signature. Each field
 * carries the value a simulated visitor posts for it.
 */
export interface BenchField {
  type: 'text' | 'textarea' | 'number' | 'checkbox' | 'radio' | 'dropdown'
  name: string
  tag: string
  isMandatory?: boolean
  options?: string[]
  value: string
}

export const BENCH_FORM_NAME = 'Benchmark Registration'
export const BENCH_FORM_INPUTS = 12

export const BENCH_FIELDS: readonly BenchField[] = [
  { type: 'text', name: 'Emergency contact', tag: 'benchemergency', isMandatory: true, value: 'Charles Babbage' },
  { type: 'text', name: 'Emergency contact phone', tag: 'benchemergencyphone', value: '555-010-0199' },
  { type: 'number', name: 'Age', tag: 'benchage', isMandatory: true, value: '34' },
  { type: 'dropdown', name: 'Experience level', tag: 'benchlevel', options: ['Beginner', 'Intermediate', 'Advanced'], value: 'Intermediate' },
  { type: 'radio', name: 'Preferred class time', tag: 'benchtime', options: ['Morning', 'Lunchtime', 'Evening'], value: 'Evening' },
  { type: 'text', name: 'How did you hear about us?', tag: 'benchreferral', value: 'A friend recommended the studio' },
  { type: 'textarea', name: 'Injuries or health notes', tag: 'benchhealth', value: 'An old knee injury from running.\nNo other conditions.' },
  { type: 'textarea', name: 'What would you like to achieve?', tag: 'benchgoals', value: 'More flexibility, a calmer mind, and a regular practice twice a week.' },
  { type: 'checkbox', name: 'I agree to the studio rules', tag: 'benchrules', isMandatory: true, value: 'on' },
]

/** A url-encoded post body with rjsf's `root[name]` names, as the rendered form posts them. */
function rjsfBody(values: Record<string, string>, plain: Record<string, string> = {}): string {
  const body = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) body.append(`root[${key}]`, value)
  for (const [key, value] of Object.entries(plain)) body.append(key, value)
  return body.toString()
}

export interface BenchForm {
  guId: string
  /** `cf_<guid>` input key of each field, by tag. */
  keys: Map<string, string>
}

/**
 * Creates and publishes the benchmark form the way staff do, through the built server's own
 * screens: signs in as the demo admin, adds the nine custom fields, saves the form with the
 * Name, Email and Phone switches on and the fields in order, and publishes it. Then checks the
 * public page serves it with exactly twelve inputs.
 */
export async function createBenchForm(server: RunningServer, host: string): Promise<BenchForm> {
  const origin = `http://${host}`
  const cookie = await signInAsDemoAdmin(server.port, host)
  const staff = { host, origin, cookie, 'content-type': 'application/x-www-form-urlencoded' }

  for (const field of BENCH_FIELDS) {
    const values: Record<string, string> = { name: field.name, tag: field.tag }
    if (field.isMandatory) values.isMandatory = 'true'
    field.options?.forEach((option, index) => (values[`option${index + 1}`] = option))
    const added = await send(server.port, { method: 'POST', path: `/settings/customfield/new/${field.type}`, headers: staff, body: rjsfBody(values, { intent: 'custom-field' }) })
    if (added.status !== 302) throw new Error(`adding the custom field ${field.name} answered ${added.status}`)
  }

  // The custom fields screen links each field by guid and shows its tag as {{tag}}.
  const screen = await send(server.port, { path: '/settings/customfield', headers: { host, cookie } })
  const guIds = new Map<string, string>()
  for (const match of screen.body.matchAll(/\/settings\/customfield\/([0-9a-f-]{36})">[^<]*<span[^>]*>\{\{([a-z0-9_]+)\}\}/g)) guIds.set(match[2], match[1])
  const fieldGuIds = BENCH_FIELDS.map((field) => {
    const guId = guIds.get(field.tag)
    if (!guId) throw new Error(`the custom field ${field.tag} is not on the custom fields screen`)
    return guId
  })

  const form = new URLSearchParams({
    intent: 'custom-form',
    'root[name]': BENCH_FORM_NAME,
    'root[formType]': 'STUDENT_REGISTRATION',
    'root[isName]': 'true',
    'root[isEmail]': 'true',
    'root[isPhone]': 'true',
  })
  for (const guId of fieldGuIds) form.append('fieldGuIds', guId)
  const saved = await send(server.port, { method: 'POST', path: '/customforms/new', headers: staff, body: form.toString() })
  const guId = /^\/customforms\/([0-9a-f-]{36})$/.exec(String(saved.headers.location ?? ''))?.[1]
  if (saved.status !== 302 || !guId) throw new Error(`saving the form answered ${saved.status} (${saved.headers.location ?? 'no location'})`)

  const published = await send(server.port, { method: 'POST', path: '/customforms', headers: staff, body: new URLSearchParams({ guId, intent: 'publish' }).toString() })
  if (published.status !== 302) throw new Error(`publishing the form answered ${published.status}`)

  const page = await send(server.port, { path: `/pforms/${guId}`, headers: { host } })
  if (page.status !== 200) throw new Error(`/pforms/${guId} answered ${page.status}, not 200`)
  const inputs = new Set([...page.body.matchAll(/name="root\[([^\]]+)\]"/g)].map((match) => match[1]))
  if (inputs.size !== BENCH_FORM_INPUTS) throw new Error(`the public form has ${inputs.size} inputs, not ${BENCH_FORM_INPUTS}: ${[...inputs].join(', ')}`)
  const keys = new Map(BENCH_FIELDS.map((field, index) => [field.tag, `cf_${fieldGuIds[index].replace(/-/g, '')}`]))
  return { guId, keys }
}

/** The signed fill-time stamp of a rendered form (the hidden formStartedAt input). */
export function stampOf(html: string): string {
  const stamp = /name="formStartedAt" value="([^"]+)"/.exec(html)?.[1]
  if (!stamp) throw new Error('the rendered form has no formStartedAt stamp')
  return stamp
}

/** How long a visitor without JavaScript must have had the form open before posting. */
export const FILL_WAIT_MS = MIN_FILL_MS + 200

/** A complete, valid post of the benchmark form by visitor number `n`, without JavaScript. */
export function visitorPost(form: BenchForm, n: number, stamp: string): string {
  const values: Record<string, string> = {
    fullName: `Visitor${n} Benchmark`,
    email: `visitor${n}@bench.example.com`,
    phone: '555-010-0100',
  }
  for (const field of BENCH_FIELDS) values[form.keys.get(field.tag) as string] = field.value
  // The honeypot is posted empty, as a person's browser posts it.
  return rjsfBody(values, { formStartedAt: stamp, website: '' })
}
