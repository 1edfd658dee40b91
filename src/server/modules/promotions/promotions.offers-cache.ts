import type { PromotionWithUsage } from '../../../domain/promotions';
import type { CardOffer, OfferIndex } from '../../../domain/promotions-offer';
import type { DbOrTx } from '../../platform/db';

// Where the automatic promotions read for the catalog's offers are kept (promotions.offers.ts), per
// database, apart so that saving a promotion (promotions.service.ts) can forget them.

/**
 * The automatic promotions read for `today` (India date) at `at` (ms), and the vendor of each shop of
 * the vendors who pay for one of them (a vendor's promotion covers only its own shops' products), and
 * the promotions indexed by what their scope names (indexOffers), built once per read; and the offers
 * already computed from them, by item (the same item has the same offer while they are kept).
 */
export type InForce = {
  automatics: PromotionWithUsage[];
  shopVendor: Map<string, string>;
  index: OfferIndex;
  offers: Map<string, CardOffer | null>;
};
/** `ready` once read; `refreshing` while they are read again after OFFERS_TTL_MS (promotions.offers.ts). */
export type KeptAutomatics = {
  at: number;
  today: string;
  automatics: Promise<InForce>;
  ready: boolean;
  refreshing: boolean;
};

let kept = new WeakMap<DbOrTx, KeptAutomatics>();

export const keptAutomatics = {
  get: (db: DbOrTx): KeptAutomatics | undefined => kept.get(db),
  set: (db: DbOrTx, entry: KeptAutomatics): void => void kept.set(db, entry),
  /** Puts `next` in place of `entry`, unless the promotions were forgotten or replaced meanwhile. */
  replace: (db: DbOrTx, entry: KeptAutomatics, next: KeptAutomatics): void => {
    if (kept.get(db) === entry) kept.set(db, next);
  },
  /** Forgets this entry unless a newer one replaced it. */
  drop: (db: DbOrTx, entry: KeptAutomatics): void => {
    if (kept.get(db) === entry) kept.delete(db);
  },
};

/** Forgets the promotions read: one was saved, paused, resumed or ended. */
export function forgetOffers(): void {
  kept = new WeakMap();
}
