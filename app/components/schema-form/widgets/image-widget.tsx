import type { WidgetProps } from '@rjsf/utils'
import { ariaDescribedByIds } from '@rjsf/utils'
import { useEffect, useState } from 'react'
import { clearFieldName } from '#server/screens/parse-form-submission'
import { useSchemaFormWords } from '#app/components/schema-form/use-schema-form-words'

const MAX_BYTES = 10_485_760
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp'

/**
 * An image field: the current picture, a file input (upload[field]) and a Remove box. The
 * current address travels in a hidden input; the server swaps in the new file's address once
 * it has checked the bytes. With JavaScript the chosen file is previewed and a file over
 * 10 MB is refused before it is sent.
 */
export function ImageWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, label, fieldPathId, rawErrors } = props
  const path: string[] = (fieldPathId?.path ?? [props.name]).map(String)
  const current = typeof value === 'string' ? value : ''
  const word = useSchemaFormWords()
  const [preview, setPreview] = useState<string | null>(null)
  const [tooLarge, setTooLarge] = useState(false)
  const [removed, setRemoved] = useState(false)
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview])
  const shown = preview ?? (removed ? '' : current)
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="flex h-20 w-28 items-center justify-center overflow-hidden rounded-md border border-dashed border-slate-300 bg-slate-50">
        {shown ? <img src={shown} alt={label} className="max-h-full max-w-full object-contain" /> : <span className="text-xs text-slate-600">{word('sf_noImage')}</span>}
      </div>
      <div className="flex flex-col gap-2">
        <input type="hidden" name={htmlName ?? id} value={current} />
        <input
          type="file"
          id={id}
          name={`upload${path.map((part: string) => `[${part}]`).join('')}`}
          accept={ACCEPT}
          disabled={disabled || readonly}
          aria-describedby={ariaDescribedByIds(id)}
          aria-invalid={tooLarge || (rawErrors && rawErrors.length > 0) ? true : undefined}
          className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand/10 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand"
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (preview) URL.revokeObjectURL(preview)
            if (!file) return setPreview(null)
            if (file.size > MAX_BYTES) {
              setTooLarge(true)
              event.target.value = ''
              return setPreview(null)
            }
            setTooLarge(false)
            setPreview(URL.createObjectURL(file))
          }}
        />
        {tooLarge ? <p className="text-sm text-red-700">{word('sf_imageTooLarge')}</p> : null}
        {current ? (
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name={clearFieldName(path)}
              value="true"
              checked={removed}
              onChange={(event) => setRemoved(event.target.checked)}
              className="h-4 w-4 rounded accent-brand"
            />
            {word('sf_remove')}
          </label>
        ) : null}
      </div>
    </div>
  )
}
