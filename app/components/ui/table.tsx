import { Children, type HTMLAttributes, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from 'react'

/** A table is named by a caption people see (or only screen readers, with `hideCaption`), or by a label. */
type TableName = { caption: string; hideCaption?: boolean; label?: never } | { label: string; caption?: never; hideCaption?: never }

type TableProps = TableName & {
  /** Narrowest the table gets before it scrolls sideways (a phone is 360 px wide). */
  minWidth?: number
  children: ReactNode
}

/**
 * A data table. On a narrow screen it keeps its columns and scrolls sideways inside a region
 * named like the table, which takes the keyboard's focus so that it can be scrolled without a
 * pointer. The region is positioned so that screen-reader-only text in cells (absolutely
 * positioned) stays inside it instead of widening the page.
 */
export function Table({ caption, hideCaption, label, minWidth = 600, children }: TableProps) {
  const name = caption ?? label
  return (
    <div
      role="region"
      aria-label={name}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text"
    >
      <table aria-label={label} style={{ minWidth }} className="w-full text-left text-sm">
        {caption ? (
          <caption className={hideCaption ? 'sr-only' : 'px-4 pt-3 text-left text-sm font-semibold text-slate-900'}>{caption}</caption>
        ) : null}
        {children}
      </table>
    </div>
  )
}

/** The header row. */
export function TableHead({ children }: { children: ReactNode }) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
      <tr>{children}</tr>
    </thead>
  )
}

type Align = 'start' | 'end'
const alignClass = (align: Align | undefined) => (align === 'end' ? 'text-right' : '')

type HeaderCellProps = Omit<ThHTMLAttributes<HTMLTableCellElement>, 'scope' | 'align'> & {
  /** 'col' in the header row; 'row' for the cell that names its row. */
  scope?: 'col' | 'row'
  align?: Align
}

/** A header cell, with the scope that ties it to its column (or row). */
export function HeaderCell({ scope = 'col', align, className, children, ...rest }: HeaderCellProps) {
  return (
    <th {...rest} scope={scope} className={['px-4 py-3 whitespace-nowrap', scope === 'row' ? 'font-medium normal-case tracking-normal text-slate-900' : '', alignClass(align), className].filter(Boolean).join(' ')}>
      {children}
    </th>
  )
}

type TableBodyProps = {
  /** How many columns the empty row spans. */
  columnCount: number
  /** Shown in one row across the table when there are no rows. */
  empty: ReactNode
  children: ReactNode
}

/** The rows, or the empty row when there are none. */
export function TableBody({ columnCount, empty, children }: TableBodyProps) {
  const hasRows = Children.toArray(children).length > 0
  return (
    <tbody className="divide-y divide-slate-100">
      {hasRows ? (
        children
      ) : (
        <tr>
          <td colSpan={columnCount} className="px-4 py-8 text-slate-600">
            {/* A wide table scrolls on a phone: the message stays where the screen is, not at the table's middle. */}
            <div className="sticky left-4 max-w-[calc(100vw-5rem)] text-left sm:static sm:max-w-none sm:text-center">{empty}</div>
          </td>
        </tr>
      )}
    </tbody>
  )
}

/** A body row. */
export function Row({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr {...rest} className={['hover:bg-slate-50', className].filter(Boolean).join(' ')} />
}

/** A body cell. */
export function Cell({ align, className, ...rest }: Omit<TdHTMLAttributes<HTMLTableCellElement>, 'align'> & { align?: Align }) {
  return <td {...rest} className={['px-4 py-3', alignClass(align), className].filter(Boolean).join(' ')} />
}
