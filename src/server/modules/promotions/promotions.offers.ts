import { and, eq, isNull, sql } from 'drizzle-orm';
import { todayInIndia } from '../../../domain/age';
import { indexedCardOffer, indexOffers, type CardOffer, type OfferItem } from '../../../domain/promotions-offer';
import type { DbOrTx } from '../../platform/db';
import { keptAutomatics, type InForce } from './promotions.offers-cache';
import { listVendorShops } from '../shops';
import { toPromotion, usageOf } from './promotions.service';
import { promotions } from './promotions.tables';

// The automatic promotions the catalog's cards and pages show offers from, read at most once per
// OFFERS_TTL_MS per process and database (two statements: the promotions, then their uses), never per
// card nor per request; after OFFERS_TTL_MS they are read again while the requests are still answered
// from those kept. Saving, pausing, resuming or ending a promotion here forgets them at once; another
// process sees the change within OFFERS_TTL_MS and one read, as it sees a budget being used up.
// docs/promotions.md.

/** How long the promotions read are kept. */
export const OFFERS_TTL_MS = 30_000;
/** Offers remembered per read at most (then forgotten and computed again): a few MB. */
const OFFERS_KEPT = 50_000;

/**
 * The automatic promotions not paused nor ended whose last day is not before `today`, with their uses
 * and spend (no customer's): those starting later are kept too, the rules leave them out until their day.
 */
async function readAutomatics(db: DbOrTx, today: string): Promise<InForce> {
  const rows = await db
    .select()
    .from(promotions)
    .where(
      and(
        isNull(promotions.endedAt),
        eq(promotions.paused, false),
        eq(promotions.kind, 'automatic'),
        sql`(${promotions.endsOn} is null or ${promotions.endsOn} >= ${today})`,
      ),
    );
  if (rows.length === 0) return { automatics: [], shopVendor: new Map(), index: indexOffers([]), offers: new Map() };
  const usage = await usageOf(
    db,
    rows.map((r) => r.id),
    null,
  );
  // The shops of the few vendors paying for one: a card knows its shop, not its vendor.
  const shopVendor = new Map<string, string>();
  for (const vendorId of new Set(rows.flatMap((r) => (r.vendorId === null ? [] : [r.vendorId]))))
    for (const shop of await listVendorShops(db, vendorId)) shopVendor.set(shop.id, vendorId);
  const automatics = rows.map((r) => ({
    ...toPromotion(r),
    usage: usage.get(r.id) ?? { uses: 0, spentPaise: 0, customerUses: 0 },
  }));
  return { automatics, shopVendor, index: indexOffers(automatics), offers: new Map() };
}

function automaticsFor(db: DbOrTx, today: string, now: number): Promise<InForce> {
  const kept = keptAutomatics.get(db);
  if (kept && kept.today === today) {
    if (now - kept.at < OFFERS_TTL_MS) return kept.automatics;
    // Older than OFFERS_TTL_MS: read again, and answered from those kept until the new read is done, so
    // that no request waits for it (a read of 1,000 promotions takes 100 to 400 ms on a busy machine).
    if (kept.ready) {
      if (!kept.refreshing) {
        kept.refreshing = true;
        const next = { at: now, today, automatics: readAutomatics(db, today), ready: false, refreshing: false };
        next.automatics.then(
          () => {
            next.ready = true;
            keptAutomatics.replace(db, kept, next);
          },
          () => {
            kept.refreshing = false;
          },
        );
      }
      return kept.automatics;
    }
  }
  const entry = { at: now, today, automatics: readAutomatics(db, today), ready: false, refreshing: false };
  keptAutomatics.set(db, entry);
  // A failed read is not kept. (One a save made stale while it ran is not either: forgetOffers replaced them all.)
  entry.automatics.then(
    () => {
      entry.ready = true;
    },
    () => keptAutomatics.drop(db, entry),
  );
  return entry.automatics;
}

/** The offer of each item, from the automatic promotions in force today (India date). */
export type OffersFor = (item: OfferItem) => CardOffer | null;

/**
 * What the catalog prices its cards and product pages with: the best offer for one unit of an item
 * bought alone (cardOffer, through the index of the promotions by scope), from the promotions kept in
 * memory (read when none are kept, or they are older than OFFERS_TTL_MS, or the India date changed).
 */
export async function offersNow(db: DbOrTx, now: Date = new Date()): Promise<OffersFor> {
  const today = todayInIndia(now);
  const { automatics, shopVendor, index, offers } = await automaticsFor(db, today, now.getTime());
  if (automatics.length === 0) return () => null;
  // Each card looks up the few promotions that may cover it (indexOffers), not all of them; an item
  // priced since the promotions were read has the offer computed then (the same promotions, the same day).
  return (item) => {
    const priced = { ...item, vendorId: item.vendorId ?? shopVendor.get(item.shopId) ?? null };
    const { productId, variantId, categoryId, shopId, vendorId, pricePaise } = priced;
    const key = `${productId}/${variantId}/${categoryId}/${shopId}/${vendorId}/${pricePaise}`;
    const known = offers.get(key);
    if (known !== undefined) return known;
    const offer = indexedCardOffer(index, priced, today);
    if (offers.size >= OFFERS_KEPT) offers.clear();
    offers.set(key, offer);
    return offer;
  };
}
