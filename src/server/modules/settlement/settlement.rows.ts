import { sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { vendorPayoutDetails } from './settlement.tables';

// Read-only row sources and SQL building blocks over settlement's tables, for other modules' reads
// that stay one statement. PostgreSQL pulls a plain subquery up into the join, so the plan is the one
// a join with the table itself gets.

/** SQL, the number of the credit note issued for the return `returnId` (null when none was), as a scalar subquery. */
export const returnCreditNoteNumber = (returnId: SQL): SQL<string | null> =>
  sql<string | null>`(select d.number from tax_documents d where d.reference = 'credit:return:' || ${returnId}::text)`;

/** Vendors' payout details (the account number is for masking: it never leaves the server whole). */
export const payoutDetailRows = new QueryBuilder()
  .select({
    vendorUserId: vendorPayoutDetails.vendorUserId,
    method: vendorPayoutDetails.method,
    accountHolderName: vendorPayoutDetails.accountHolderName,
    bankAccountNumber: vendorPayoutDetails.bankAccountNumber,
    ifsc: vendorPayoutDetails.ifsc,
    upiId: vendorPayoutDetails.upiId,
    pan: vendorPayoutDetails.pan,
    gstin: vendorPayoutDetails.gstin,
    tdsExemption: vendorPayoutDetails.tdsExemption,
    aadhaar: vendorPayoutDetails.aadhaar,
    enrolmentNumber: vendorPayoutDetails.enrolmentNumber,
    updatedAt: vendorPayoutDetails.updatedAt,
  })
  .from(vendorPayoutDetails)
  .as('payout_detail_rows');
