import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RichTextEditor } from '#app/components/rich-text/rich-text-editor'
import { Field, FIELD_INPUT_CLASSES, fieldErrorId } from '#app/components/ui/field'
import { errorsOf, valueOf, type PostedForm } from './form-state'

type Choice = { id: string; name: string }

export const EMPTY_CLASS_DETAILS: Record<string, string> = {
  name: '',
  slug: '',
  summary: '',
  description: '',
  teacherId: '',
  roomId: '',
  capacity: '20',
  durationMinutes: '60',
  colour: '#4f46e5',
  paymentType: 'PAID',
  dropInPrice: '',
  isPublished: 'on',
}

/** A class's own fields: what it is, who teaches it where, how long, how many, its colour and its price. */
export function ClassDetailsFields({ stored, posted, teachers, rooms, currency }: { stored: Record<string, string>; posted: PostedForm | null; teachers: Choice[]; rooms: Choice[]; currency: string }) {
  const { t } = useTranslation('catalog')
  const value = (name: string) => valueOf(posted, name, stored[name] ?? '')
  const [description, setDescription] = useState(value('description'))
  const descriptionErrors = errorsOf(posted, 'description')
  const paymentType = value('paymentType')
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="class-name" label={t('className')} errors={errorsOf(posted, 'name')} required>
          {(control) => <input {...control} name="name" maxLength={200} defaultValue={value('name')} className={FIELD_INPUT_CLASSES} />}
        </Field>
        <Field id="class-slug" label={t('seoUrl')} hint={t('classSlugHint')} errors={errorsOf(posted, 'slug')}>
          {(control) => <input {...control} name="slug" maxLength={80} defaultValue={value('slug')} className={FIELD_INPUT_CLASSES} />}
        </Field>
      </div>
      <Field id="class-summary" label={t('summary')} errors={errorsOf(posted, 'summary')}>
        {(control) => <input {...control} name="summary" maxLength={500} defaultValue={value('summary')} className={FIELD_INPUT_CLASSES} />}
      </Field>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="class-description" className="text-sm font-medium text-slate-700">
          {t('description')}
        </label>
        <RichTextEditor
          id="class-description"
          name="description"
          label={t('description')}
          value={description}
          onChange={setDescription}
          invalid={descriptionErrors !== null}
          describedBy={descriptionErrors ? fieldErrorId('class-description') : undefined}
        />
        {descriptionErrors ? (
          <p id={fieldErrorId('class-description')} className="text-sm text-red-700">
            {descriptionErrors.join(' ')}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="class-teacher" label={t('teacher')} errors={errorsOf(posted, 'teacherId')}>
          {(control) => (
            <select {...control} name="teacherId" defaultValue={value('teacherId')} className={FIELD_INPUT_CLASSES}>
              <option value="">{t('noTeacher')}</option>
              {teachers.map((teacher) => (
                <option key={teacher.id} value={teacher.id}>
                  {teacher.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="class-room" label={t('room')} hint={t('roomHint')} errors={errorsOf(posted, 'roomId')}>
          {(control) => (
            <select {...control} name="roomId" defaultValue={value('roomId')} className={FIELD_INPUT_CLASSES}>
              <option value="">{t('noRoom')}</option>
              {rooms.map((room) => (
                <option key={room.id} value={room.id}>
                  {room.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Field id="class-capacity" label={t('capacity')} errors={errorsOf(posted, 'capacity')} required>
          {(control) => <input {...control} type="number" inputMode="numeric" min={1} max={10000} name="capacity" defaultValue={value('capacity')} className={FIELD_INPUT_CLASSES} />}
        </Field>
        <Field id="class-duration" label={t('durationMinutes')} errors={errorsOf(posted, 'durationMinutes')} required>
          {(control) => <input {...control} type="number" inputMode="numeric" min={1} max={1440} name="durationMinutes" defaultValue={value('durationMinutes')} className={FIELD_INPUT_CLASSES} />}
        </Field>
        <Field id="class-colour" label={t('colour')} errors={errorsOf(posted, 'colour')} required>
          {(control) => <input {...control} type="color" name="colour" defaultValue={value('colour') || '#4f46e5'} className="h-10 w-20 cursor-pointer rounded-md border border-slate-300 bg-white p-1" />}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('paymentType')}</legend>
          <div className="flex gap-4 text-sm">
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="paymentType" value="FREE" defaultChecked={paymentType === 'FREE'} className="h-4 w-4" /> {t('payment_FREE')}
            </label>
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="paymentType" value="PAID" defaultChecked={paymentType !== 'FREE'} className="h-4 w-4" /> {t('payment_PAID')}
            </label>
          </div>
        </fieldset>
        <Field id="class-price" label={t('dropInPriceIn', { currency })} hint={t('dropInPriceHint')} errors={errorsOf(posted, 'dropInPrice')}>
          {(control) => <input {...control} name="dropInPrice" inputMode="decimal" defaultValue={value('dropInPrice')} className={FIELD_INPUT_CLASSES} />}
        </Field>
      </div>
      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="isPublished" defaultChecked={value('isPublished') === 'on'} className="h-4 w-4" /> {t('showOnPublicCalendar')}
      </label>
    </div>
  )
}

/** A form-level message (a refusal that belongs to no one field). */
export function FormAlert({ messages }: { messages: string[] | null }) {
  if (!messages?.length) return null
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {messages.join(' ')}
    </div>
  )
}
