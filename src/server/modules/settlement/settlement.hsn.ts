import type { HsnCodeList } from '../../../contracts/settlement-rates.contract';
import type { DbOrTx } from '../../platform/db';
import { listHsnCodes } from '../catalog';
import { basisPointsToPercent } from '../../../domain/money';
import { taxRatesOn } from './settlement.tax-rates';

/** The HSN list (catalog) with each code's GST rate on `day` and the next one, and the rate of goods with no code chosen. */
export async function getHsnCodeList(db: DbOrTx, day: string): Promise<HsnCodeList> {
  const [items, rates] = await Promise.all([listHsnCodes(db, day), taxRatesOn(db, day)]);
  const unclassified = rates.gst_unclassified;
  return {
    items,
    unclassified: unclassified && {
      ratePercent: basisPointsToPercent(unclassified.rateBp),
      effectiveFrom: unclassified.effectiveFrom,
    },
  };
}
