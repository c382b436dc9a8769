import { ACCOUNT_NOT_FOUND_DIALOG } from '#server/auth/sign-in-messages'

/** 'Account Not Found' after a social sign-in that matched nobody (or failed). */
export function AccountNotFoundDialog({ reason }: { reason: string }) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 px-4">
      <div role="alertdialog" aria-modal="true" aria-labelledby="account-not-found-title" aria-describedby="account-not-found-text" className="w-full max-w-sm rounded-lg bg-white p-6 shadow-xl">
        <h2 id="account-not-found-title" className="text-lg font-semibold">
          {ACCOUNT_NOT_FOUND_DIALOG.title}
        </h2>
        <p id="account-not-found-text" className="mt-2 text-slate-700">
          {ACCOUNT_NOT_FOUND_DIALOG.message(reason)}
        </p>
        <div className="mt-5 flex gap-3">
          <a href="/login" className="flex-1 rounded border border-slate-300 px-4 py-2 text-center font-medium">
            Back to login
          </a>
          <a href="/register" className="flex-1 rounded bg-brand px-4 py-2 text-center font-medium text-white">
            Register
          </a>
        </div>
      </div>
    </div>
  )
}
