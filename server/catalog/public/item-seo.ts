/** A tag for the page's head, in the shape Remix's meta export takes. */
export type HeadTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: string; href: string }

export interface ItemSeo {
  /** The item's name; the site's title follows it. */
  title: string
  siteTitle: string
  description: string
  /** Absolute address of the page. */
  canonicalUrl: string
  /** Absolute address of the cover picture, if any. */
  imageUrl: string | null
  imageAlt: string | null
  /** og:type: 'website' for listings, 'product' for merchandise, 'article' otherwise. */
  type: 'website' | 'product' | 'article'
}

/** Title, description, canonical link, Open Graph and Twitter card tags of a public item page. */
export function itemHeadTags(seo: ItemSeo): HeadTag[] {
  const title = seo.siteTitle ? `${seo.title} | ${seo.siteTitle}` : seo.title
  const description = seo.description.replace(/\s+/g, ' ').trim().slice(0, 300)
  const tags: HeadTag[] = [
    { title },
    { name: 'description', content: description },
    { name: 'robots', content: 'index, follow' },
    { tagName: 'link', rel: 'canonical', href: seo.canonicalUrl },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: seo.type },
    { property: 'og:url', content: seo.canonicalUrl },
    { property: 'og:site_name', content: seo.siteTitle },
    { name: 'twitter:card', content: seo.imageUrl ? 'summary_large_image' : 'summary' },
  ]
  if (seo.imageUrl) {
    tags.push({ property: 'og:image', content: seo.imageUrl })
    if (seo.imageAlt) tags.push({ property: 'og:image:alt', content: seo.imageAlt })
  }
  return tags
}

/** An item page's head tags from the item itself: its name, its cover picture made absolute. */
export function itemPageHead(
  item: { name: string; image: { src: string; alt: string } | null },
  page: { origin: string; path: string; siteTitle: string; description: string; type: ItemSeo['type'] },
): HeadTag[] {
  return itemHeadTags({
    title: item.name,
    siteTitle: page.siteTitle,
    description: page.description,
    canonicalUrl: `${page.origin}${page.path}`,
    imageUrl: item.image ? `${page.origin}${item.image.src}` : null,
    imageAlt: item.image?.alt ?? null,
    type: page.type,
  })
}
