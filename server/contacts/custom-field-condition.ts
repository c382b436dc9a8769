import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { Database } from '#db/types'
import type { CustomFieldMatch } from './custom-field-filter'
import { containsPattern } from '#server/text/like-pattern'

/**
 * Where a contact's value of one custom field matches: an EXISTS on contact_field_values keyed
 * by tenant, field and contact, testing the column the field's type uses. Text is found the way
 * the search finds names (contains, ignoring case and accents); a choice is its option exactly;
 * a number equals (as numeric, so 12.50 is 12.5); a tick box is ticked or not. An unticked box
 * is stored as no row at all (contact-field-values.ts), so 'No' is the absence of a ticked one.
 */
export function customFieldCondition(match: CustomFieldMatch) {
  return (eb: ExpressionBuilder<Database, 'contacts'>): Expression<SqlBool> => {
    const values = eb
      .selectFrom('contact_field_values as v')
      .select(sql`1`.as('one'))
      .where('v.tenant_id', '=', match.tenantId)
      .where('v.field_id', '=', match.fieldId)
      .whereRef('v.contact_id', '=', 'contacts.id')
    switch (match.kind) {
      case 'contains':
        return eb.exists(values.where(sql<SqlBool>`search_fold(v.value_text) like search_fold(${containsPattern(match.text)})`))
      case 'option':
        return eb.exists(values.where('v.value_text', '=', match.option))
      case 'number':
        return eb.exists(values.where('v.value_number', '=', sql<string>`${match.number}::numeric`))
      case 'ticked': {
        const ticked = eb.exists(values.where('v.value_bool', '=', true))
        return match.ticked ? ticked : eb.not(ticked)
      }
    }
  }
}
