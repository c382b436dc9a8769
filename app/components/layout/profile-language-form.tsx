import { Form, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button'
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '#server/i18n/languages'

/**
 * My Profile's Language: the person's own language, kept on them so every device they sign in
 * on speaks it. A plain multipart post like the page's other forms, and a full load with
 * JavaScript too (reloadDocument), since every word on the page changes, as with the switcher.
 */
export function ProfileLanguageForm({ language }: { language: Language }) {
  const { t } = useTranslation('portal')
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'language'
  return (
    <Form method="post" action="/profile" encType="multipart/form-data" reloadDocument className="mt-6 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-5">
      <input type="hidden" name="intent" value="language" />
      <div className="min-w-48 flex-1">
        <label htmlFor="profile-language" className="block text-sm font-medium text-slate-700">
          {t('language')}
        </label>
        <select
          id="profile-language"
          name="language"
          defaultValue={language}
          aria-describedby="profile-language-hint"
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand focus:ring-2 focus:ring-brand/20 focus:outline-none"
        >
          {LANGUAGES.map((option) => (
            <option key={option} value={option} lang={option}>
              {LANGUAGE_NAMES[option]}
            </option>
          ))}
        </select>
        <p id="profile-language-hint" className="mt-1 text-xs text-slate-600">
          {t('languageHint')}
        </p>
      </div>
      <Button type="submit" variant="secondary" busy={busy}>
        {t('saveLanguage')}
      </Button>
    </Form>
  )
}
