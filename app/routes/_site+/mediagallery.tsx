import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { useTranslation } from 'react-i18next'
import { Link, useLoaderData } from '@remix-run/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { GalleryGrid } from '#app/components/media/gallery-grid'
import { PageHero, PageNotFound, PublicLayout } from '#app/components/public-layout'
import { getSessionUser } from '#app/utils/auth.server'
import { loadPublicPage } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { readsCachedData } from '#server/cache/cache-reads'
import { itemHeadTags } from '#server/catalog/public/item-seo'
import { notFoundHead } from '#app/components/layout/page-title'
import { shareableLoaderHeaders, shareablePageHeaders } from '#server/http/page-cache'
import { listGalleryItems, readMediaPage } from '#server/media/media-items'
import { MEDIA_PAGE_SIZE } from '#server/media/media-rules'

const galleryPath = (page: number) => (page > 1 ? `/mediagallery?page=${page}` : '/mediagallery')

/**
 * /mediagallery: the studio's images and videos under the page's own header, a page at a time
 * (404 while the Media Gallery page is private, like any page of the site).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const loaded = await loadPublicPage(context, { tenant, user, pageName: 'mediagallery' })
  const page = loaded.page
  if (!page || page.name.toLowerCase() !== 'mediagallery') return data({ shell: loaded.shell, gallery: null }, { status: 404 })
  const gallery = await listGalleryItems(context.platform, tenant, readMediaPage(new URL(request.url).searchParams))
  readsCachedData(context, 'media', 'tenant', 'site')
  const t = tFor(context.language, 'listings')
  const title = page.title || t('mediaGallery')
  const origin = tenantOrigin(tenant, new URL(request.url), context.platform.env)
  const cover = gallery.items.find((item) => item.image)
  const head = itemHeadTags({
    title,
    siteTitle: loaded.shell.site.title,
    description: page.subHeader || t('mediaDescription', { site: loaded.shell.site.title }),
    canonicalUrl: `${origin}${galleryPath(gallery.page)}`,
    imageUrl: cover?.image ? `${origin}${cover.image.full.url}` : null,
    imageAlt: cover?.text || null,
    type: 'website',
  })
  return data({ shell: loaded.shell, gallery: { ...gallery, title, header: page.header, subHeader: page.subHeader, head } }, { headers: user ? undefined : shareablePageHeaders(request) })
}

export const headers: HeadersFunction = shareableLoaderHeaders

export const handle: I18nHandle = { i18n: ['listings'] }

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data?.gallery ? data.gallery.head : notFoundHead(matches))

export default function MediaGalleryPageRoute() {
  const { shell, gallery } = useLoaderData<typeof loader>()
  const { t } = useTranslation('listings')
  if (!gallery) {
    return (
      <PublicLayout shell={shell}>
        <PageNotFound />
      </PublicLayout>
    )
  }
  const firstIndex = (gallery.page - 1) * MEDIA_PAGE_SIZE
  return (
    <PublicLayout shell={shell} hero={<PageHero header={gallery.header} subHeader={gallery.subHeader} />}>
      {/* The hero's header is the page's heading; without one, the page's title is. */}
      {gallery.header ? null : <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">{gallery.title}</h1>}
      {gallery.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">{t('noMedia')}</p>
      ) : (
        <GalleryGrid items={gallery.items} firstIndex={firstIndex} />
      )}
      {gallery.pageCount > 1 ? (
        <nav aria-label={t('galleryPages')} className="mt-8 flex items-center justify-between gap-3 text-sm">
          {gallery.page > 1 ? (
            <Link to={galleryPath(gallery.page - 1)} className="inline-flex items-center gap-1 font-medium text-brand-text hover:underline">
              <ChevronLeft aria-hidden className="h-4 w-4" />
              {t('newer')}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">
            {t('pageOf', { page: gallery.page, count: gallery.pageCount })}
          </span>
          {gallery.page < gallery.pageCount ? (
            <Link to={galleryPath(gallery.page + 1)} className="inline-flex items-center gap-1 font-medium text-brand-text hover:underline">
              {t('older')}
              <ChevronRight aria-hidden className="h-4 w-4" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </PublicLayout>
  )
}
