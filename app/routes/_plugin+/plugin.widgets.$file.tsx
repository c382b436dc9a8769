import type { LoaderFunctionArgs } from '@remix-run/node'
import { renderToStaticMarkup } from 'react-dom/server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { parseWidgetFile, widgetEmbedHeaders, widgetLoaderScript } from '#server/widgets/embed-code'
import { loadEmbeddedWidget } from '#server/widgets/widget-embed'
import { WidgetDocument } from '#app/components/widgets/widget-document'

/**
 * A published widget on another website (docs/decisions/125), found by this host's studio and
 * its plugin key (`?key=`):
 * - /plugin/widgets/{guId}: the page an iframe shows;
 * - /plugin/widgets/{guId}.js: a script that puts that iframe where its tag is;
 * - /plugin/widgets/{guId}.json: the widget's data, for a site that draws it itself.
 * A wrong key, an unpublished widget and another studio's widget are the same 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const file = parseWidgetFile(params.file)
  if (!file || !context.tenant) return missing()
  const tenant = context.tenant
  const url = new URL(request.url)
  const origin = tenantOrigin(tenant, url, context.platform.env)
  const widget = await loadEmbeddedWidget(context.platform, tenant, {
    unverifiedGuid: file.guid,
    unverifiedKey: url.searchParams.get('key') ?? '',
    now: context.platform.clock.now(),
    origin,
    language: context.language,
  })
  if (!widget) return missing()
  const key = url.searchParams.get('key') ?? ''
  switch (file.format) {
    case 'js':
      return new Response(widgetLoaderScript({ origin, guid: widget.guid, key, title: widget.name, type: widget.type, width: widget.frame.width, height: widget.frame.height }), {
        headers: widgetEmbedHeaders('js'),
      })
    case 'json':
      return new Response(JSON.stringify(widget), { headers: widgetEmbedHeaders('json') })
    case 'html':
      return new Response(`<!DOCTYPE html>${renderToStaticMarkup(<WidgetDocument widget={widget} />)}`, { headers: widgetEmbedHeaders('html') })
  }
}

function missing(): Response {
  return new Response('This widget is not available.', { status: 404, headers: widgetEmbedHeaders('missing') })
}
