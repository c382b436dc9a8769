import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CircleCheck } from 'lucide-react'
import { CartTotals } from '#app/components/checkout/cart-lines-table'
import { PublicLayout, PublicNotFoundPage } from '#app/components/public-layout'
import { buttonClasses } from '#app/components/ui/button'
import { getSessionUser } from '#app/utils/auth.server'
import { loadPublicPage } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { loadOrder } from '#server/checkout/order-view'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.order ? `Order ${data.order.numberText}` : 'Order not found' },
  { name: 'robots', content: 'noindex' },
]

/**
 * /checkout/orders/{guid}: the confirmation of a sale and its receipt. The guid is the spec's
 * public invoice id: unguessable, so whoever holds the address (the buyer, from the redirect or
 * the receipt email) may read it; anything else is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const user = await getSessionUser(request, context)
  const loaded = await loadPublicPage(context, { tenant, user, pageName: null })
  const order = await loadOrder(context.platform.database, tenant, params.guId ?? '')
  return data({ shell: loaded.shell, order, isSignedIn: user !== null }, { status: order ? 200 : 404, headers: { 'Cache-Control': 'private, no-store' } })
}

export default function OrderRoute() {
  const { shell, order, isSignedIn } = useLoaderData<typeof loader>()
  if (!order) return <PublicNotFoundPage shell={shell} />
  return (
    <PublicLayout shell={shell}>
      <div className="mx-auto max-w-2xl space-y-6">
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-5">
          <div className="flex items-start gap-3">
            <CircleCheck aria-hidden className="mt-1 h-6 w-6 shrink-0 text-emerald-600" />
            <div>
              <h1 className="text-2xl font-semibold text-slate-900">Thank you, your order is placed</h1>
              <p className="mt-1 text-sm text-slate-700">
                Order <span className="font-semibold">{order.numberText}</span> on {order.dateText}. A receipt is on its way to <span className="font-medium">{order.email}</span>.
              </p>
            </div>
          </div>
        </div>
        <section aria-labelledby="order-lines" className="rounded-lg border border-slate-200 bg-white">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 id="order-lines" className="text-base font-semibold text-slate-900">
              Your order
            </h2>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700" data-order-status>
              {order.statusText}
            </span>
          </div>
          <ul className="divide-y divide-slate-200">
            {order.lines.map((line, index) => (
              <li key={index} className="flex items-start justify-between gap-4 px-4 py-3" data-order-line={line.itemName}>
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {line.quantity > 1 ? `${line.quantity} × ` : ''}
                    {line.itemName}
                  </p>
                  {line.optionName ? <p className="text-sm text-slate-600">{line.optionName}</p> : null}
                  {line.givenText ? <p className="text-sm text-emerald-800">{line.givenText}</p> : null}
                </div>
                <p className="shrink-0 font-semibold text-slate-900">{line.totalText}</p>
              </li>
            ))}
          </ul>
          <CartTotals totals={order.totals} />
        </section>
        <div className="flex flex-wrap gap-2">
          {isSignedIn && order.hasCourse ? (
            <Link to="/mycourses" className={buttonClasses({ variant: 'primary' })}>
              Go to my courses
            </Link>
          ) : null}
          {isSignedIn && order.hasMembership ? (
            <Link to="/store" className={buttonClasses({ variant: isSignedIn && order.hasCourse ? 'secondary' : 'primary' })}>
              See my memberships
            </Link>
          ) : null}
          <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
            Back to the website
          </Link>
        </div>
      </div>
    </PublicLayout>
  )
}
