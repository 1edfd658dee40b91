import { sql, type SQL } from 'drizzle-orm';

// SQL building blocks over vendor_shops, for other modules' statements that must stay one statement.

/** The ids of a vendor's shops, as a subquery: `store_id in ${shopIdsOfVendor(userId)}`. */
export const shopIdsOfVendor = (vendorUserId: string | SQL): SQL =>
  sql`(select id from vendor_shops where vendor_id = ${vendorUserId})`;
