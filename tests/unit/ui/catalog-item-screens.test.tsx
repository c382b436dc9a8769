import { ItemListScreen, type ItemListRowView } from '#app/components/catalog/item-list-screen'
import { PriceOptionsEditor } from '#app/components/catalog/price-options-editor'
import { blankPriceOptionRow } from '#server/catalog/items/price-option-rows'
import { renderInRouter } from './render-in-router'

const row: ItemListRowView = {
  guid: '00000000-0000-4000-8000-000000000001',
  name: 'Monthly Unlimited',
  slug: 'monthly-unlimited',
  isPublished: true,
  isArchived: false,
  paymentType: 'PAID',
  stockQuantity: null,
  price: '$129.00',
  priceOptionCount: 2,
  goal: null,
  bundleQuantity: 0,
  coverUrl: null,
}

const list = (rows: ItemListRowView[], search = '') => (
  <ItemListScreen
    screen={{ kind: 'membership', path: '/memberships', singular: 'Membership', plural: 'Memberships' }}
    query={{ search, isShowArchived: false, start: 0, max: 50 }}
    total={rows.length}
    previousHref={null}
    nextHref={null}
    rows={rows}
  />
)

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('the item list in the page’s language', () => {
  test('English keeps the spec’s words', async () => {
    const html = text(await renderInRouter(list([row])))
    for (const words of ['Memberships', 'Add Membership', 'Search by name', 'Show archived', 'Published', 'from $129.00', 'Plans people buy to book classes']) expect(html).toContain(words)
  })

  test('Turkish names the kind, the search, the columns and the status', async () => {
    const html = text(await renderInRouter(list([row]), undefined, 'tr'))
    for (const words of ['Üyelikler', 'Üyelik ekle', 'Ada göre ara', 'Arşivlenenleri göster', 'Durum', 'Fiyat', 'Yayında', '$129.00 ve üzeri']) expect(html).toContain(words)
    expect(html).not.toMatch(/Memberships|Add Membership|Search by name|Published|from \$/)
  })

  test('an empty list and an empty search say so in Turkish', async () => {
    expect(text(await renderInRouter(list([]), undefined, 'tr'))).toContain('Henüz üyelik yok')
    expect(text(await renderInRouter(list([], 'yoga'), undefined, 'tr'))).toContain('Bu aramayla eşleşen üyelik yok.')
    expect(text(await renderInRouter(list([], 'yoga')))).toContain('No memberships match this search.')
  })
})

describe('the price options in the page’s language', () => {
  const editor = <PriceOptionsEditor rows={[blankPriceOptionRow()]} errors={{}} currency="USD" allowsMemberships />

  test('English keeps the spec’s words', async () => {
    const html = text(await renderInRouter(editor))
    for (const words of ['Price option 1', 'Price (USD)', 'Membership type', 'One-time purchase', 'Billing (recurring only)', 'Half-yearly', 'Add price option']) expect(html).toContain(words)
  })

  test('Turkish names every field, choice and button', async () => {
    const html = text(await renderInRouter(editor, undefined, 'tr'))
    for (const words of ['Fiyat seçeneği 1', 'Fiyat (USD)', 'Üyelik türü', 'Tek seferlik satın alma', 'Faturalandırma (yalnızca düzenli ödemeli)', 'Altı aylık', 'Fiyat seçeneği ekle', 'Deneme süresi']) expect(html).toContain(words)
    expect(html).not.toMatch(/Price option|Membership type|Add price option|Half-yearly|Trial period|Remove/)
  })
})
