import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { changeContactProfile } from '#server/contacts/profile/change-contact-profile'
import { changeContactPicture } from '#server/contacts/profile/contact-picture.server'
import { isPictureIntent, type PictureFormFailure } from '#server/contacts/profile/picture-form'
import { readUploadForm } from '#server/files/read-upload-form'
import { loadContactProfile } from '#server/contacts/profile/load-contact-profile'
import { stopMembership, stopToConfirm } from '#server/memberships/cancel-membership'
import { profileContactGuid, profileContactIds } from '#server/contacts/profile/profile-contact-exists'
import { parseProfileForm, type ProfileFormFailure } from '#server/contacts/profile/profile-forms'
import { parseProfileTab, parseTimelineShown, profilePath } from '#server/contacts/profile/profile-tabs'
import { statusOf } from '#server/errors/error-codes'
import { notFound } from '#server/errors/responses'
import { screenMeta } from '#app/components/layout/page-title'
import { ContactActions } from '#app/components/contacts/contact-actions'
import { EditContactDialog, useEditContactDialog } from '#app/components/contacts/edit-contact-dialog'
import { ContactPictureForm } from '#app/components/contacts/profile/contact-picture-form'
import { ContactProfileHeader } from '#app/components/contacts/profile/contact-profile-header'
import { CustomFieldsSection } from '#app/components/contacts/profile/custom-fields-section'
import { DetailsSection } from '#app/components/contacts/profile/details-section'
import { FamilySection } from '#app/components/contacts/profile/family-section'
import { NotesSection } from '#app/components/contacts/profile/notes-section'
import { ProfileTabLinks } from '#app/components/contacts/profile/profile-tab-links'
import { TagsSection } from '#app/components/contacts/profile/tags-section'
import { MembershipsSection } from '#app/components/contacts/profile/memberships-section'
import { STOP_INTENT } from '#app/components/memberships/membership-billing-panel'
import { TimelineSection } from '#app/components/contacts/profile/timeline-section'
import { requirePermission } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { translateMessage } from '#server/i18n/translate-message'
import type { I18nHandle } from '#app/utils/i18n'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.profile.header.fullName ?? 'Contact')

export const handle: I18nHandle = { i18n: ['contacts'] }

/** A contact's profile (website spec 2.12, /contacts/{guId}/detail): the header and one section (?tab=). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const search = new URL(request.url).searchParams
  const tab = parseProfileTab(search.get('tab'))
  const profile = await loadContactProfile({
    platform: context.platform,
    tenant,
    unverifiedGuid: params.guId,
    tab,
    timelineShown: parseTimelineShown(search.get('shown')),
    familyQuery: search.get('q') ?? '',
    language: context.language,
  })
  if (!profile) throw notFound()
  return { profile, editNote: search.get('editNote'), deleteNote: search.get('deleteNote'), stopping: profile.section.tab === 'memberships' ? stopToConfirm(profile.section.memberships, search, true, context.language) : null }
}


/**
 * The profile's forms, told apart by `intent`: notes, tags, family links and the picture (a
 * multipart post). Done: back to the section with a toast. Refused: the form's messages (400,
 * 413 or 415, or 404 for something gone), nothing written.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenant, user } = await requirePermission(request, context, 'showContacts')
  const database = context.platform.database
  const said = (message: string) => translateMessage(context.language, message)
  // Urlencoded and multipart alike; a body that is no form at all reads as an empty one.
  const upload = await readUploadForm(request)
  const formData = upload.form
  const pictureIntent = formData.get('intent')
  if (pictureIntent === STOP_INTENT) {
    const contact = await profileContactIds({ database, tenant, unverifiedGuid: params.guId })
    if (!contact) throw notFound()
    const stop = formData.get('stop')
    const membership = formData.get('membership')
    const stopped = await stopMembership(context.platform, tenant, {
      membershipGuid: typeof membership === 'string' ? membership : '',
      contactId: contact.id,
      stop: stop === 'now' ? 'now' : stop === 'keep' ? 'keep' : 'period-end',
      now: new Date(),
    })
    return redirectWithToast(profilePath(contact.guid, 'memberships'), stopped.ok ? { type: 'success', message: said(stopped.value.message) } : { type: 'error', message: said(stopped.message) })
  }
  if (isPictureIntent(pictureIntent)) {
    const changed = await changeContactPicture({
      platform: context.platform,
      env: context.platform.env,
      tenant,
      actor: { contactId: user.contactId, ip: context.ip || null },
      unverifiedGuid: params.guId,
      intent: pictureIntent,
      upload,
    })
    if (changed.ok) return redirectWithToast(profilePath(changed.value.guid), { type: 'success', message: said(changed.value.message) })
    if (changed.error === 'not_found') throw notFound()
    return data<PictureFormFailure>({ pictureForm: pictureIntent, message: said(changed.message) }, { status: statusOf(changed.error) })
  }
  const parsed = parseProfileForm(formData)
  if (!parsed.ok) {
    // Another tenant's (or no) contact is a 404 whatever was posted.
    if (!(await profileContactGuid({ database, tenant, unverifiedGuid: params.guId }))) throw notFound()
    const failure: ProfileFormFailure = parsed.details
    // The picker shows only form-wide messages: a link's field messages are told there too.
    const shown = failure.intent === 'link-family' ? { ...failure, formErrors: [...failure.formErrors, ...Object.values(failure.fieldErrors).flat()] } : failure
    const fieldErrors = Object.fromEntries(Object.entries(shown.fieldErrors).map(([name, messages]) => [name, messages?.map(said)]))
    return data({ ...shown, formErrors: shown.formErrors.map(said), fieldErrors }, { status: statusOf(parsed.error) })
  }
  const changed = await changeContactProfile({
    platform: context.platform,
    tenant,
    actor: { contactId: user.contactId, fullName: user.fullName },
    unverifiedGuid: params.guId,
    form: parsed.value,
  })
  if (!changed) throw notFound()
  const { result, guid } = changed
  if (result.ok) return redirectWithToast(profilePath(guid, result.value.tab), { type: 'success', message: said(result.value.message) })
  const values = Object.fromEntries([...formData].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  const failure: ProfileFormFailure = { intent: parsed.value.intent, formErrors: [said(result.message)], fieldErrors: {}, values }
  return data(failure, { status: statusOf(result.error) })
}

export default function ContactProfileRoute() {
  const { profile, editNote, deleteNote, stopping } = useLoaderData<typeof loader>()
  const { header, section } = profile
  const edit = useEditContactDialog()
  const { t } = useContactsWords()
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5 p-4 sm:p-6">
      <Link to="/contacts" className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {t('contacts')}
      </Link>
      <ContactProfileHeader
        header={header}
        onEdit={edit.open}
        actions={<ContactActions contact={{ guId: header.guId, email: header.email, hasLogin: header.hasLogin, isEmailVerified: header.isEmailVerified, fullName: header.fullName }} />}
        picture={
          <ContactPictureForm
            action={profilePath(header.guId)}
            hasPicture={header.pictureUrl !== null}
            words={{
              change: t('picture_change'),
              add: t('picture_add'),
              picture: t('picture_label'),
              hint: t('picture_hint'),
              preview: t('picture_preview'),
              upload: t('picture_upload'),
              remove: t('picture_remove'),
            }}
          />
        }
      />
      <ProfileTabLinks guId={header.guId} current={section.tab} />
      <div>
        {section.tab === 'details' ? <DetailsSection groups={section.groups} /> : null}
        {section.tab === 'custom-fields' ? <CustomFieldsSection fields={section.fields} /> : null}
        {section.tab === 'family' ? <FamilySection guId={header.guId} name={header.fullName} family={section.family} search={section.search} /> : null}
        {section.tab === 'timeline' ? <TimelineSection guId={header.guId} entries={section.entries} hasMore={section.hasMore} shown={section.shown} /> : null}
        {section.tab === 'notes' ? <NotesSection guId={header.guId} notes={section.notes} editNote={editNote} deleteNote={deleteNote} /> : null}
        {section.tab === 'tags' ? <TagsSection guId={header.guId} tags={section.tags} others={section.others} /> : null}
        {section.tab === 'memberships' ? <MembershipsSection guId={header.guId} memberships={section.memberships} stopping={stopping} /> : null}
      </div>
      <EditContactDialog guId={edit.editing} onClose={edit.close} />
    </div>
  )
}
