/** The date format setting's options, as the spec writes them (settings spec, enumerations). */
export const DATE_FORMATS = ['MM/dd/YYYY', 'MM dd YYYY', 'MM-dd-YYYY', 'MMM dd YYYY', 'dd/MM/YYYY', 'dd-MM-YYYY'] as const

export type DateFormat = (typeof DATE_FORMATS)[number]

/** A tenant that never chose one sees month first, as the product's US tenants always have. */
export const DEFAULT_DATE_FORMAT: DateFormat = 'MM/dd/YYYY'

/** Clock times: the spec writes its times on a 12-hour clock ('hh:mm A'). */
export const TIME_PATTERN = 'hh:mm A'

/** The footer's last account activity (spec 000 section 2), whatever the date format setting. */
export const ACTIVITY_PATTERN = 'ddd MMM-DD-YYYY hh:mm A'

export const MONTH_YEAR_PATTERN = 'MMMM YYYY'

/** 'Sunday, November 22, 2026': a day written out, over calendar screens. */
export const LONG_DATE_PATTERN = 'dddd, MMMM D, YYYY'

/** The long date and the time of day as each language writes them ('30 Kasım 2026 Pazartesi', '19:00'). */
export const LONG_DATE_PATTERNS = { en: LONG_DATE_PATTERN, tr: 'D MMMM YYYY dddd' } as const
export const TIME_PATTERNS = { en: TIME_PATTERN, tr: 'HH:mm' } as const
/** Angular's mediumDate, as the spec's lists name it: 'Nov 27, 2026'. */
export const MEDIUM_DATE_PATTERN = 'MMM D, YYYY'
