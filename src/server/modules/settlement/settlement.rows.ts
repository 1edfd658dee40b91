import { sql, type SQL } from 'drizzle-orm';

// SQL building blocks over settlement's tables, for other modules' reads that stay one statement.

/** SQL, the number of the credit note issued for the return `returnId` (null when none was), as a scalar subquery. */
export const returnCreditNoteNumber = (returnId: SQL): SQL<string | null> =>
  sql<string | null>`(select d.number from tax_documents d where d.reference = 'credit:return:' || ${returnId}::text)`;
