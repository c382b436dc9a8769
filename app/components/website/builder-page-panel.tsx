import { Form, Link, useNavigation } from '@remix-run/react'
import { Check, ExternalLink, Pencil, Settings2, SquarePen, Trash2, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ButtonLink } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { Dialog } from '#app/components/ui/dialog'
import { EXTERNAL_URL_PATTERN } from '#server/website/builder/page-rules'
import type { BuilderPage } from '#server/website/builder/builder-pages'
import type { BuilderListing } from '#server/website/builder/listing-items'

/** The selected page as the panel draws it: the sidebar's fields, its header, and what the rules allow. */
export type PanelPage = Pick<
  BuilderPage,
  'name' | 'title' | 'url' | 'isPublished' | 'isExternalLink' | 'externalLink' | 'isShowNavigation' | 'isShowFooter' | 'isLegal' | 'hasContent' | 'header' | 'subHeader'
> & {
  isMandatory: boolean
  hasSubHeaderArea: boolean
  isHome: boolean
}

export interface PanelRefusal {
  intent: string
  field: string | null
  message: string
  values: Record<string, string>
}

type Asks = { rename: boolean; delete: boolean; settings: boolean }

/** The selected page: its name, state, mode, and what it shows (its content, a listing or a link). */
export function BuilderPagePanel(props: {
  page: PanelPage
  listing: BuilderListing | null
  host: string
  asks: Asks
  refusal: PanelRefusal | null
  pathOf: (extra?: Record<string, string>) => string
}) {
  const { page, listing, host, asks, refusal, pathOf } = props
  const { t } = useTranslation('website')
  const renaming = asks.rename || refusal?.intent === 'rename'
  const [askingDelete, setAskingDelete] = useState(false)
  const publicHref = `/${page.url.replace(/^\/+/, '') || page.name}`
  return (
    <section aria-labelledby="page-title" className="flex min-w-0 flex-1 flex-col gap-4">
      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {renaming && !page.isHome ? <RenameForm page={page} refusal={refusal} cancelTo={pathOf()} /> : <TitleRow page={page} renameTo={pathOf({ rename: '1' })} />}
        <div className="flex flex-wrap items-center gap-3">
          <PublishSwitch page={page} />
          <ModeToggle page={page} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {!page.isExternalLink && !listing ? (
            <ButtonLink to={`/website/edit/${encodeURIComponent(page.name)}`} variant="primary">
              <SquarePen aria-hidden className="h-4 w-4" /> {t('edit')}
            </ButtonLink>
          ) : null}
          <ButtonLink to={pathOf({ settings: '1' })} preventScrollReset>
            <Settings2 aria-hidden className="h-4 w-4" /> {t('websiteSettings')}
          </ButtonLink>
          {page.isPublished && !page.isExternalLink ? (
            <a href={publicHref} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium text-brand-text hover:underline">
              <ExternalLink aria-hidden className="h-4 w-4" /> {t('viewPage')}<span className="sr-only"> {t('opensInNewTab')}</span>
            </a>
          ) : null}
          {page.isMandatory ? null : (
            <ButtonLink
              to={pathOf({ confirm: 'delete' })}
              variant="secondary"
              preventScrollReset
              className="sm:ml-auto"
              onClick={(event) => {
                event.preventDefault()
                setAskingDelete(true)
              }}
            >
              <Trash2 aria-hidden className="h-4 w-4" /> {t('delete')}
            </ButtonLink>
          )}
        </div>
      </div>
      {page.isExternalLink ? <ExternalLinkPanel page={page} host={host} refusal={refusal?.intent === 'link' ? refusal : null} action={pathOf()} /> : null}
      {page.hasSubHeaderArea && !page.isExternalLink ? <SubHeaderForm page={page} refusal={refusal?.intent === 'header' ? refusal : null} resetTo={pathOf()} /> : null}
      {listing && !page.isExternalLink ? <ListingPanel listing={listing} /> : null}
      {!listing && !page.isExternalLink ? <ContentSummary page={page} /> : null}
      {asks.settings ? <SettingsDialog page={page} closeTo={pathOf()} /> : null}
      {asks.delete && !page.isMandatory ? (
        <ConfirmDialog closeTo={pathOf()} title={t('deletePage')} message={t('deleteQuestion')} intent="delete" yesLabel={t('yes')} action="/website" hiddenFields={[['page', page.name]]} />
      ) : !page.isMandatory ? (
        <ConfirmDialog
          open={askingDelete}
          onClose={() => setAskingDelete(false)}
          title={t('deletePage')}
          message={t('deleteQuestion')}
          intent="delete"
          yesLabel={t('yes')}
          action="/website"
          hiddenFields={[['page', page.name]]}
        />
      ) : null}
    </section>
  )
}

function TitleRow({ page, renameTo }: { page: PanelPage; renameTo: string }) {
  const { t } = useTranslation('website')
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 id="page-title" className="min-w-0 truncate text-xl font-semibold text-slate-900">
        {page.title}
      </h2>
      {page.isHome ? null : (
        <Link to={renameTo} preventScrollReset aria-label={t('rename', { title: page.title })} title={t('renameShort')} className="rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
          <Pencil aria-hidden className="h-4 w-4" />
        </Link>
      )}
      <span className="text-sm text-slate-500">/{page.url.replace(/^\/+/, '')}</span>
    </div>
  )
}

function RenameForm({ page, refusal, cancelTo }: { page: PanelPage; refusal: PanelRefusal | null; cancelTo: string }) {
  const { t } = useTranslation('website')
  const message = refusal?.intent === 'rename' ? refusal.message : null
  // Posted to this page's own address (?page=), so a refusal is drawn with the page still selected.
  return (
    <Form method="post" action={cancelTo} className="flex flex-col gap-1">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="page" value={page.name} />
      <div className="flex items-center gap-2">
        <label htmlFor="page-title-input" id="page-title" className="sr-only">
          {t('pageName')}
        </label>
        <input
          id="page-title-input"
          name="title"
          defaultValue={refusal?.values.title ?? page.title}
          maxLength={100}
          autoFocus
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'page-title-error' : undefined}
          className="w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-lg font-semibold text-slate-900"
        />
        <button type="submit" aria-label={t('savePageName')} title={t('save')} className="rounded-full p-2 text-emerald-700 hover:bg-emerald-50">
          <Check aria-hidden className="h-5 w-5" />
        </button>
        <Link to={cancelTo} aria-label={t('cancelRenaming')} title={t('cancel')} className="rounded-full p-2 text-slate-600 hover:bg-slate-100">
          <X aria-hidden className="h-5 w-5" />
        </Link>
      </div>
      {message ? (
        <p id="page-title-error" role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </Form>
  )
}

function PublishSwitch({ page }: { page: PanelPage }) {
  const { t } = useTranslation('website')
  const busy = useBusy('publish')
  return (
    <Form method="post" action="/website">
      <input type="hidden" name="intent" value="publish" />
      <input type="hidden" name="page" value={page.name} />
      <input type="hidden" name="published" value={page.isPublished ? 'false' : 'true'} />
      <button
        type="submit"
        role="switch"
        aria-checked={page.isPublished}
        disabled={busy}
        className="inline-flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        <span aria-hidden className={`relative inline-flex h-6 w-11 items-center rounded-full transition-colors ${page.isPublished ? 'bg-emerald-600' : 'bg-slate-300'}`}>
          <span className={`absolute h-5 w-5 rounded-full bg-white shadow transition-transform ${page.isPublished ? 'translate-x-5.5' : 'translate-x-0.5'}`} />
        </span>
        {page.isPublished ? t('published') : t('private')}
      </button>
    </Form>
  )
}

function ModeToggle({ page }: { page: PanelPage }) {
  const { t } = useTranslation('website')
  const busy = useBusy('mode')
  const option = (mode: 'internal' | 'external', label: string, active: boolean) => (
    <button
      type="submit"
      name="mode"
      value={mode}
      aria-pressed={active}
      disabled={busy}
      className={`px-3 py-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md ${active ? 'bg-slate-800 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
    >
      {label}
    </button>
  )
  return (
    <Form method="post" action="/website" className="inline-flex rounded-md border border-slate-300" aria-label={t('pageMode')}>
      <input type="hidden" name="intent" value="mode" />
      <input type="hidden" name="page" value={page.name} />
      {option('internal', t('internalPage'), !page.isExternalLink)}
      {option('external', t('externalLink'), page.isExternalLink)}
    </Form>
  )
}

function ExternalLinkPanel({ page, host, refusal, action }: { page: PanelPage; host: string; refusal: PanelRefusal | null; action: string }) {
  const { t } = useTranslation('website')
  const [value, setValue] = useState(refusal?.values.externalLink ?? page.externalLink ?? '')
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const valid = EXTERNAL_URL_PATTERN.test(value.trim())
  return (
    <Form method="post" action={action} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-labelledby="external-heading">
      <h3 id="external-heading" className="text-lg font-semibold text-slate-900">
        {t('enterUrl')}
      </h3>
      <input type="hidden" name="intent" value="link" />
      <input type="hidden" name="page" value={page.name} />
      <label htmlFor="external-link" className="text-sm font-medium text-slate-700">
        {t('url')}
      </label>
      <input
        id="external-link"
        name="externalLink"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        inputMode="url"
        autoComplete="url"
        aria-invalid={refusal ? true : undefined}
        aria-describedby={refusal ? 'external-link-hint external-link-error' : 'external-link-hint'}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
      <p id="external-link-hint" className="text-sm text-slate-600">
        {t('urlHint', { example: `${host}/services` })}
      </p>
      {refusal ? (
        <p id="external-link-error" role="alert" className="text-sm text-red-700">
          {refusal.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="primary" disabled={hydrated && !valid}>
          {t('submit')}
        </Button>
      </div>
    </Form>
  )
}

function SubHeaderForm({ page, refusal, resetTo }: { page: PanelPage; refusal: PanelRefusal | null; resetTo: string }) {
  const { t } = useTranslation('website')
  // Drawn like the page's hero, edited in place: Enter in the header saves, the check saves, the cross drops the edit.
  return (
    <Form
      method="post"
      action={resetTo}
      className="rounded-xl border border-slate-200 bg-gradient-to-br from-brand/10 via-white to-sky-50 p-4 shadow-sm sm:p-6"
      aria-label={t('headerAndDescription')}
    >
      <input type="hidden" name="intent" value="header" />
      <input type="hidden" name="page" value={page.name} />
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <label htmlFor="page-header" className="sr-only">
            {t('header')}
          </label>
          <input
            id="page-header"
            name="header"
            defaultValue={refusal?.values.header ?? page.header}
            placeholder={t('heroPlaceholder')}
            maxLength={200}
            className="w-full rounded-md border border-transparent bg-transparent px-2 py-1 text-xl font-bold text-slate-900 placeholder:text-slate-500 hover:border-slate-300 focus:border-slate-400 focus:bg-white sm:text-3xl"
          />
          <label htmlFor="page-subheader" className="sr-only">
            {t('description')}
          </label>
          <textarea
            id="page-subheader"
            name="subHeader"
            defaultValue={refusal?.values.subHeader ?? page.subHeader}
            placeholder={t('addDescription')}
            maxLength={1000}
            rows={2}
            className="w-full resize-y rounded-md border border-transparent bg-transparent px-2 py-1 text-base text-slate-700 placeholder:text-slate-500 hover:border-slate-300 focus:border-slate-400 focus:bg-white sm:text-lg"
          />
        </div>
        <div className="flex shrink-0 flex-col gap-1">
          <button type="submit" aria-label={t('saveHeader')} title={t('save')} className="rounded-full p-2 text-emerald-700 hover:bg-emerald-50">
            <Check aria-hidden className="h-5 w-5" />
          </button>
          <Link to={resetTo} reloadDocument aria-label={t('dropChanges')} title={t('cancel')} className="rounded-full p-2 text-slate-600 hover:bg-slate-100">
            <X aria-hidden className="h-5 w-5" />
          </Link>
        </div>
      </div>
      {refusal ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {refusal.message}
        </p>
      ) : null}
    </Form>
  )
}

function ListingPanel({ listing }: { listing: BuilderListing }) {
  const { t } = useTranslation('website')
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{t('whatListed')}</h3>
        <ButtonLink to={listing.manageHref} size="sm">
          {t(`manage_${listing.page}`)}
        </ButtonLink>
      </div>
      {listing.page === 'forms' ? <p className="text-sm text-slate-600">{t('formsNote')}</p> : null}
      {listing.page === 'mediagallery' ? <p className="text-sm text-slate-600">{t('galleryNote')}</p> : null}
      {listing.items.length === 0 && listing.page !== 'mediagallery' ? <p className="text-sm text-slate-600">{t('nothingListed')}</p> : null}
      {listing.items.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {listing.items.map((item) => (
            <li key={item.id} className="flex items-center gap-2 py-2 text-sm text-slate-800">
              <span aria-hidden className={`h-2.5 w-2.5 shrink-0 rounded-full ${item.isPublished ? 'bg-emerald-500' : 'bg-slate-300'}`} />
              <span className="min-w-0 flex-1 truncate">{item.name}</span>
              <span className="text-xs text-slate-600">{item.isPublished ? t('visible') : t('notPublished')}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {listing.more ? <p className="text-sm text-slate-600">{t('andMore')}</p> : null}
    </div>
  )
}

function ContentSummary({ page }: { page: PanelPage }) {
  const { t } = useTranslation('website')
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4 text-sm text-slate-700 sm:p-6">
      {page.hasContent ? (
        <p>{t('hasContent')}</p>
      ) : (
        <p>{t('empty')}</p>
      )}
    </div>
  )
}

function SettingsDialog({ page, closeTo }: { page: PanelPage; closeTo: string }) {
  const { t } = useTranslation('website')
  const toggle = (field: 'isShowNavigation' | 'isShowFooter', on: boolean, onLabel: string, offLabel: string) => (
    <Form method="post" action="/website">
      <input type="hidden" name="intent" value="settings" />
      <input type="hidden" name="page" value={page.name} />
      <input type="hidden" name="isShowNavigation" value={String(field === 'isShowNavigation' ? !on : page.isShowNavigation)} />
      <input type="hidden" name="isShowFooter" value={String(field === 'isShowFooter' ? !on : page.isShowFooter)} />
      <button type="submit" role="switch" aria-checked={on} className="flex w-full items-center justify-between gap-4 rounded-md py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-50">
        {on ? onLabel : offLabel}
        <span aria-hidden className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${on ? 'bg-brand' : 'bg-slate-300'}`}>
          <span className={`absolute h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5.5' : 'translate-x-0.5'}`} />
        </span>
      </button>
    </Form>
  )
  return (
    <Dialog title={t('settingsDialog')} closeTo={closeTo} width={450}>
      <div className="flex flex-col gap-2">
        {toggle('isShowNavigation', page.isShowNavigation, t('showInNav'), t('hideFromNav'))}
        {toggle('isShowFooter', page.isShowFooter, t('showInFooter'), t('hideFromFooter'))}
      </div>
    </Dialog>
  )
}

function useBusy(intent: string): boolean {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}
