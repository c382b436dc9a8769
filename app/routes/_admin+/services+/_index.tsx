import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { screenMeta } from '#app/components/layout/page-title'
import { ItemListScreen } from '#app/components/catalog/item-list-screen'
import { requireModule } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { loadItemListScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Courses')

export const handle: I18nHandle = { i18n: ['catalog'] }

const PAYMENT_TYPES = ['FREE', 'PAID', 'EXTERNAL', 'DONATION'] as const
const isPaymentType = (value: string): value is (typeof PAYMENT_TYPES)[number] => (PAYMENT_TYPES as readonly string[]).includes(value)

/** The studio's courses (spec 002 2.17, Launch: /services). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'course')
  requireModule(context, 'courses')
  return loadItemListScreen(access, request, context, 'course')
}

export default function CoursesRoute() {
  const { t } = useTranslation('catalog')
  const list = useLoaderData<typeof loader>()
  return (
    <ItemListScreen
      {...list}
      extraColumn={{ title: t('payment'), cell: (row) => (isPaymentType(row.paymentType) ? t(`payment_${row.paymentType}`) : row.paymentType) }}
    />
  )
}
