import { useRevalidator } from '@remix-run/react'
import { Upload } from 'lucide-react'
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { MAX_MEDIA_BYTES, MEDIA_ACCEPT, MEDIA_INPUT } from '#server/media/media-rules'
import { Button } from '#app/components/ui/button'
import { Field } from '#app/components/ui/field'
import { ToastNotice, type ToastView } from '#app/components/ui/toast'

/** Where the page sends one file at a time once JavaScript runs (a JSON answer, with progress). */
export const MEDIA_UPLOAD_ENDPOINT = '/website/media/upload'

/** What the server said about a post sent without JavaScript. */
export interface RefusedUpload {
  message: string
  refusals: Array<{ fileName: string; message: string }>
}

/** What the uploader says before anything reaches the server, in the page's language (the loader's). */
export interface UploaderMessages {
  chooseFiles: string
  tooLarge: string
}

type UploadState = 'waiting' | 'sending' | 'uploaded' | 'failed'

interface UploadRow {
  id: number
  name: string
  state: UploadState
  /** 0 to 1. */
  progress: number
  message: string
}

const answerSchema = z.object({ message: z.string().min(1).max(500), guids: z.array(z.string()).optional() })

/**
 * Upload images and videos. Without JavaScript it is a plain multipart post of every chosen
 * file, all or none, refusals shown by the server. With JavaScript each file goes on its own,
 * with its progress and its own answer (a refused file does not hold back the others), and the
 * grid is read again once they are through.
 */
export function MediaUploader({ action, refused, messages }: { action: string; refused: RefusedUpload | null; messages: UploaderMessages }) {
  const { t } = useTranslation('website')
  const revalidator = useRevalidator()
  const [rows, setRows] = useState<UploadRow[]>([])
  const [summary, setSummary] = useState<ToastView | null>(null)
  const [chooseMessage, setChooseMessage] = useState<string | null>(null)
  const nextId = useRef(1)
  const sending = rows.some((row) => row.state === 'waiting' || row.state === 'sending')
  const update = (id: number, change: Partial<UploadRow>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)))

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    const input = form.elements.namedItem(MEDIA_INPUT)
    if (!(input instanceof HTMLInputElement) || !input.files) return
    event.preventDefault()
    if (sending) return
    const files = [...input.files]
    setSummary(null)
    if (files.length === 0) {
      setChooseMessage(messages.chooseFiles)
      return
    }
    setChooseMessage(null)
    const queued = files.map((file) => ({ file, id: nextId.current++ }))
    setRows(queued.map(({ file, id }) => ({ id, name: file.name, state: 'waiting', progress: 0, message: '' })))
    let uploaded = 0
    for (const { file, id } of queued) {
      // Refused here too, so a large video is not sent only to be refused; the server checks again.
      if (file.size > MAX_MEDIA_BYTES) {
        update(id, { state: 'failed', message: messages.tooLarge })
        continue
      }
      update(id, { state: 'sending' })
      const answer = await sendFile(file, (progress) => update(id, { progress }), t('media_lost'))
      if (answer.uploaded) uploaded += 1
      update(id, answer.uploaded ? { state: 'uploaded', progress: 1, message: '' } : { state: 'failed', message: answer.message })
    }
    form.reset()
    if (uploaded > 0) revalidator.revalidate()
    const failed = files.length - uploaded
    const done = uploaded === 1 ? t('media_uploadedOne') : t('media_uploadedMany', { n: uploaded })
    setSummary(failed === 0 ? { type: 'success', message: done } : { type: 'error', message: t('media_someFailed', { failed, total: files.length }) })
  }

  const errors = chooseMessage ? [chooseMessage] : refused ? [refused.message] : null
  return (
    <section aria-labelledby="media-upload-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="media-upload-heading" className="mb-3 text-lg font-semibold text-slate-900">
        {t('media_upload')}
      </h2>
      <form method="post" action={action} encType="multipart/form-data" onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id="media-files" label={t('media_filesLabel')} hint={t('media_filesHint')} errors={errors} className="min-w-0 flex-1">
          {(control) => (
            <input
              {...control}
              type="file"
              name={MEDIA_INPUT}
              multiple
              accept={MEDIA_ACCEPT}
              className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
            />
          )}
        </Field>
        <div className="sm:pb-6">
          <Button type="submit" variant="primary" busy={sending}>
            <Upload aria-hidden className="h-4 w-4" />
            {t('media_upload')}
          </Button>
        </div>
      </form>
      {refused && refused.refusals.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-1 text-sm text-red-700" aria-label={t('media_notUploaded')}>
          {refused.refusals.map((refusal, index) => (
            <li key={`${refusal.fileName}-${index}`}>
              <span className="font-medium">{`${refusal.fileName || t('media_aFile')}:`}</span> {refusal.message}
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length > 0 ? (
        <ul className="mt-4 flex flex-col gap-3" aria-label={t('media_uploads')}>
          {rows.map((row) => (
            <li key={row.id} className="flex flex-col gap-1 text-sm" data-upload-state={row.state}>
              <div className="flex items-center justify-between gap-3">
                <span className="min-w-0 truncate font-medium text-slate-900">{row.name}</span>
                <span aria-live="polite" className={`shrink-0 ${row.state === 'failed' ? 'text-red-700' : row.state === 'uploaded' ? 'text-emerald-700' : 'text-slate-600'}`}>
                  {t(`media_state_${row.state}` as const)}
                </span>
              </div>
              <progress
                max={1}
                value={row.progress}
                aria-label={t('media_progress', { name: row.name })}
                className="h-2 w-full overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-emerald-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-emerald-600"
              />
              {row.state === 'failed' ? <p className="text-red-700">{row.message}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ToastNotice toast={summary} />
    </section>
  )
}

/** Posts one file with its progress; the answer is the server's words, or `lost` when none came. */
function sendFile(file: File, onProgress: (progress: number) => void, lost: string): Promise<{ uploaded: boolean; message: string }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    request.open('POST', MEDIA_UPLOAD_ENDPOINT)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      const answer = readAnswer(request.responseText)
      if (request.status === 200 && answer?.guids) resolve({ uploaded: true, message: answer.message })
      else resolve({ uploaded: false, message: answer?.message ?? plainRefusal(request) ?? lost })
    }
    request.onerror = () => resolve({ uploaded: false, message: lost })
    request.onabort = () => resolve({ uploaded: false, message: lost })
    const body = new FormData()
    body.append(MEDIA_INPUT, file)
    request.send(body)
  })
}

function readAnswer(text: string): z.infer<typeof answerSchema> | null {
  try {
    const parsed = answerSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The body gate answers a body it refuses with a sentence in plain text (server/http/request-body-gate.ts). */
function plainRefusal(request: XMLHttpRequest): string | null {
  const type = request.getResponseHeader('Content-Type') ?? ''
  const text = request.responseText.trim()
  return request.status >= 400 && request.status < 500 && type.startsWith('text/plain') && text.length > 0 && text.length <= 300 ? text : null
}
