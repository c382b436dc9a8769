import type { ActionFunctionArgs } from '@remix-run/node'
import { postPublicFormJson } from '#app/components/forms/public-form-route.server'

/** POST /pforms/{guId}/submit: a form submission answered in JSON (status, _id, downloadUrl). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return postPublicFormJson(request, context, { guId: params.guId ?? '' })
}

export async function loader() {
  return new Response('Send the form with POST.', { status: 405, headers: { Allow: 'POST', 'Content-Type': 'text/plain' } })
}
