import { Form, useActionData, useNavigation } from '@remix-run/react'
import { ImageUp, Trash2 } from 'lucide-react'
import { useEffect, useState, type ChangeEvent } from 'react'
import { isPictureFormFailure, PICTURE_INPUT, type PictureIntent } from '#server/contacts/profile/picture-form'
import { Button } from '#app/components/ui/button'
import { Field } from '#app/components/ui/field'

const ACCEPTED = 'image/png,image/jpeg,image/gif,image/webp'

/** The form's words in the page's language: the staff profile and My Profile each pass their own. */
export type PictureFormWords = { change: string; add: string; picture: string; hint: string; preview: string; upload: string; remove: string }

/**
 * Upload picture / Remove picture, for a contact's profile and for My Profile. Plain multipart
 * posts to `action`, so they work without JavaScript (a refusal comes back as the page's action
 * data and shows here, the file input marked invalid); with it, a preview of the chosen file
 * shows before it is sent. Folded away until opened, unless a refusal is shown.
 */
export function ContactPictureForm({ action, hasPicture, words }: { action: string; hasPicture: boolean; words: PictureFormWords }) {
  const actionData = useActionData<unknown>()
  const navigation = useNavigation()
  const failure = isPictureFormFailure(actionData) ? actionData : null
  const sending = (intent: PictureIntent) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const preview = usePreview()
  return (
    <details open={failure ? true : undefined} className="group w-full max-w-xs text-sm">
      <summary className="cursor-pointer font-medium text-brand-text hover:underline">{hasPicture ? words.change : words.add}</summary>
      <div className="mt-3 flex flex-col gap-3">
        <Form method="post" action={action} encType="multipart/form-data" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="upload-picture" />
          <Field
            id="contact-picture-file"
            label={words.picture}
            hint={words.hint}
            errors={failure?.pictureForm === 'upload-picture' ? [failure.message] : null}
          >
            {(control) => (
              <input
                {...control}
                type="file"
                name={PICTURE_INPUT}
                accept={ACCEPTED}
                onChange={preview.choose}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
              />
            )}
          </Field>
          {preview.url ? (
            <img src={preview.url} alt={words.preview} width={64} height={64} className="h-16 w-16 rounded-full object-cover" data-testid="picture-preview" />
          ) : null}
          <div>
            <Button type="submit" variant="primary" size="sm" busy={sending('upload-picture')}>
              <ImageUp aria-hidden className="h-4 w-4" />
              {words.upload}
            </Button>
          </div>
        </Form>
        {hasPicture ? (
          <Form method="post" action={action} encType="multipart/form-data">
            <input type="hidden" name="intent" value="remove-picture" />
            {failure?.pictureForm === 'remove-picture' ? (
              <p role="alert" className="mb-2 text-sm text-red-700">
                {failure.message}
              </p>
            ) : null}
            <Button type="submit" variant="secondary" size="sm" busy={sending('remove-picture')}>
              <Trash2 aria-hidden className="h-4 w-4" />
              {words.remove}
            </Button>
          </Form>
        ) : null}
      </div>
    </details>
  )
}

/** The chosen file shown before it is sent (browsers with JavaScript); its address is let go when replaced. */
function usePreview() {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url])
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    setUrl(file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null)
  }
  return { url, choose }
}
