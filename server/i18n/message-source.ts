/** A module's messages: fixed ones, and ones made from values ("{{1}} is in your cart."). */
export type MessageSource = Readonly<Record<string, string | ((...values: never[]) => string)>>
