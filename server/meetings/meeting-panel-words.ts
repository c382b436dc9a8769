import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'

/**
 * The meeting panel's words in the page's language. The panel sits on the class and event
 * editors, which draw with the 'catalog' words: its own come from 'integrations' through the
 * loader, so those pages need not carry the whole namespace for one card.
 */
export interface MeetingPanelWords {
  title: string
  /** ', made 02 Kas 2026 19:00' after the provider's name; empty without a date. */
  made: string
  opensInNewTab: string
  noLink: string
  notConnected: string
  /** 'Connect Zoom or Google Meet to make a link.', cut around its link. */
  connect: { before: string; link: string; after: string }
  provider: string
  generate: string
  regenerate: string
  regenerateHint: string
}

/** Words marked <link>…</link> split into the text before, in and after the link. */
function aroundLink(text: string): { before: string; link: string; after: string } {
  const found = /^([\s\S]*)<link>([\s\S]*)<\/link>([\s\S]*)$/.exec(text)
  return found ? { before: found[1] ?? '', link: found[2] ?? '', after: found[3] ?? '' } : { before: '', link: text, after: '' }
}

/** The panel's words; `madeText` is when the link was made, already written in the page's language. */
export function meetingPanelWords(language: Language, madeText: string | null): MeetingPanelWords {
  const t = tFor(language, 'integrations')
  return {
    title: t('meetingPanelTitle'),
    made: madeText ? t('meetingPanelMade', { date: madeText }) : '',
    opensInNewTab: t('meetingPanelOpensInNewTab'),
    noLink: t('meetingPanelNoLink'),
    notConnected: t('meetingPanelNotConnected'),
    connect: aroundLink(t('meetingPanelConnect')),
    provider: t('meetingPanelProvider'),
    generate: t('meetingPanelGenerate'),
    regenerate: t('meetingPanelRegenerate'),
    regenerateHint: t('meetingPanelRegenerateHint'),
  }
}
