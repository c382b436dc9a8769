import type { ColumnType } from 'kysely'

/** A timestamp column: read as Date, written as Date or ISO string, defaulted by the database. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>
export type Timestamp = ColumnType<Date, Date | string, Date | string>
/** A jsonb column: read as parsed JSON, written as a value or a JSON string. */
export type Json<T> = ColumnType<T, T | string, T | string>
