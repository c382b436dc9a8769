import { Link } from '@remix-run/react'
import { Check, Copy } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Trans } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FRAME_HEIGHT_MESSAGE } from '#server/widgets/frame-height'
import { useTemplatesWords } from '#app/components/email-templates/use-templates-words'

export interface EmbedCodePanelProps {
  /** Null while the studio has no plugin API key. */
  snippets: { script: string; iframe: string } | null
  isPublished: boolean
  /** The widget's own page on this host, for the preview (published widgets only). */
  previewSrc: string | null
  name: string
  width: number | null
  height: number
  /** No height was set: the frame grows to fit the widget. */
  fits: boolean
}

/**
 * Where a widget's code is copied from: the script tag (the frame fits its content) and a
 * plain iframe for sites that take no scripts, then a preview of the published widget. The
 * code is in read-only text boxes, so it can be selected and copied without JavaScript too.
 */
export function EmbedCodePanel({ snippets, isPublished, previewSrc, name, width, height, fits }: EmbedCodePanelProps) {
  const { t } = useTemplatesWords()
  return (
    <section aria-labelledby="embed-heading" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="embed-heading" className="text-lg font-semibold text-slate-900">
        {t('embedOnWebsite')}
      </h2>
      {snippets === null ? (
        <p className="text-sm text-slate-700">
          <Trans t={t} i18nKey="noPluginKey" components={{ seo: <Link to="/settings/seosetting" className="font-medium text-brand-text underline" /> }} />
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {t('pasteCode')}
            {isPublished ? null : <strong className="font-semibold text-slate-900">{` ${t('codeShowsNothing')}`}</strong>}
          </p>
          <Snippet words={{ label: t('scriptTag'), hint: t('scriptTagHint'), copy: t('copyScriptTag'), copied: t('scriptTagCopied') }} code={snippets.script} />
          <Snippet words={{ label: t('iframe'), hint: t('iframeHint'), copy: t('copyIframe'), copied: t('iframeCopied') }} code={snippets.iframe} />
        </>
      )}
      {previewSrc ? <Preview src={previewSrc} name={name} width={width} height={height} fits={fits} /> : null}
    </section>
  )
}

/** A snippet's words: its label and hint, its copy button, and what is announced once it is copied. */
interface SnippetWords {
  label: string
  hint: string
  copy: string
  copied: string
}

function Snippet({ words, code }: { words: SnippetWords; code: string }) {
  const { t } = useTemplatesWords()
  const id = useId()
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            {words.label}
          </label>
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {words.hint}
          </p>
        </div>
        {hydrated ? (
          <button
            type="button"
            className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(code)
                setCopied(true)
                window.setTimeout(() => setCopied(false), 2000)
              } catch {
                setCopied(false)
              }
            }}
          >
            {copied ? <Check aria-hidden className="h-4 w-4 text-emerald-700" /> : <Copy aria-hidden className="h-4 w-4" />}
            {copied ? t('copied') : words.copy}
          </button>
        ) : null}
      </div>
      <textarea
        id={id}
        readOnly
        value={code}
        rows={3}
        spellCheck={false}
        aria-describedby={`${id}-hint`}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full resize-y rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800 break-all"
      />
      <span aria-live="polite" className="sr-only">
        {copied ? words.copied : ''}
      </span>
    </div>
  )
}

/** The published widget as visitors see it, in a frame that fits its content like the script tag's. */
function Preview({ src, name, width, height, fits }: { src: string; name: string; width: number | null; height: number; fits: boolean }) {
  const { t } = useTemplatesWords()
  const frame = useRef<HTMLIFrameElement>(null)
  const [fitted, setFitted] = useState(height)
  useEffect(() => {
    if (!fits) return
    const listen = (event: MessageEvent) => {
      const data: unknown = event.data
      if (event.source !== frame.current?.contentWindow || typeof data !== 'object' || data === null) return
      const { type, height: reported } = data as { type?: unknown; height?: unknown }
      if (type === FRAME_HEIGHT_MESSAGE && typeof reported === 'number' && reported > 0 && reported < 20_000) setFitted(Math.ceil(reported))
    }
    window.addEventListener('message', listen)
    return () => window.removeEventListener('message', listen)
  }, [fits])
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-slate-900">{t('preview')}</h3>
      <div className="rounded-lg bg-slate-100 p-3">
        <iframe ref={frame} src={src} title={t('previewOf', { name })} className="block max-w-full border-0" style={{ width: width ?? '100%', height: fitted }} />
      </div>
    </div>
  )
}
