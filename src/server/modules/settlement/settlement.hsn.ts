import type { HsnCodeList } from '../../../contracts/settlement-rates.contract';
import type { DbOrTx } from '../../platform/db';
import { listHsnCodes } from '../catalog';
import { taxRateInForce } from './settlement.tax-rates';

/** The HSN list (catalog) with each code's GST rate on `day` and the next one, and the rate of goods with no code chosen. */
export async function getHsnCodeList(db: DbOrTx, day: string): Promise<HsnCodeList> {
  const [items, unclassified] = await Promise.all([listHsnCodes(db, day), taxRateInForce(db, 'gst_unclassified', day)]);
  return { items, unclassified };
}
