import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  promotionRouteMessages as m,
  type PromotionDefinition,
  type PromotionForm,
  type PromotionStatus,
} from '../../../contracts/promotions.contract';
import { todayInIndia } from '../../../domain/age';
import { mailboxOf } from '../../../domain/contact-identity';
import { basisPointsToPercent, rupeesForInput } from '../../../domain/money';
import type { Promotion, PromotionWithUsage } from '../../../domain/promotions';
import { AppError } from '../../platform/app-error';
import { readColumn, type DbOrTx, type JsonColumn, type Tx } from '../../platform/db';
import { recordAudit } from '../audit';
import { emailOfUser } from '../auth';
import { isOwnProduct, productIdsOfVariants } from '../catalog';
import { listVendorShops } from '../shops';
import { forgetOffers } from './promotions.offers-cache';
import { promotions, promotionUses } from './promotions.tables';

// Promotions as rows: saving one from the admin's form (a coupon's code unique among the promotions
// not ended), its status, and its uses per order. The rules (eligibility, amounts) are the domain's
// (src/domain/promotions*.ts); this module only keeps and counts. docs/promotions.md.

export type PromotionRecord = typeof promotions.$inferSelect;

/** Where a promotion stands on the India date `today`: ended, paused, scheduled or active, in that order. */
export function promotionStatus(r: PromotionRecord, today: string): PromotionStatus {
  if (r.endedAt !== null || (r.endsOn !== null && today > r.endsOn)) return 'ended';
  if (r.paused) return 'paused';
  return today < r.startsOn ? 'scheduled' : 'active';
}

/** The columns of a promotion's row that the domain's rules read. */
const promotionFields = [
  'id',
  'name',
  'kind',
  'code',
  'benefitType',
  'percentBp',
  'capPaise',
  'amountPaise',
  'scopeType',
  'scopeIds',
  'fundedBy',
  'vendorId',
  'minimumPaise',
  'startsOn',
  'endsOn',
  'budgetType',
  'budgetLimit',
  'perCustomerLimit',
  'firstOrderOnly',
  'stackable',
] as const satisfies readonly (keyof PromotionRecord)[];

type PromotionFields = Pick<PromotionRecord, (typeof promotionFields)[number]>;

/** A row as the domain's rules read it. */
export function toPromotion(r: PromotionFields): Promotion {
  const ids = r.scopeIds;
  return {
    id: r.id,
    name: r.name,
    kind: r.kind === 'coupon' ? 'coupon' : 'automatic',
    code: r.code,
    benefit:
      r.benefitType === 'percent'
        ? { type: 'percent', bp: r.percentBp ?? 0, capPaise: r.capPaise }
        : { type: 'fixed', amountPaise: r.amountPaise ?? 0 },
    scope:
      r.scopeType === 'categories'
        ? { type: 'categories', categoryIds: ids.categoryIds }
        : r.scopeType === 'shops'
          ? { type: 'shops', shopIds: ids.shopIds }
          : r.scopeType === 'products'
            ? { type: 'products', productIds: ids.productIds, variantIds: ids.variantIds }
            : { type: 'cart' },
    funder: r.fundedBy === 'vendor' && r.vendorId ? { by: 'vendor', vendorId: r.vendorId } : { by: 'haat' },
    minimumPaise: r.minimumPaise,
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    budget:
      r.budgetType === 'paise' && r.budgetLimit !== null
        ? { type: 'paise', limitPaise: r.budgetLimit }
        : r.budgetType === 'uses' && r.budgetLimit !== null
          ? { type: 'uses', limit: r.budgetLimit }
          : null,
    perCustomerLimit: r.perCustomerLimit,
    firstOrderOnly: r.firstOrderOnly,
    stackable: r.stackable,
  };
}

/** A row as the admin's form has it, for the edit form to prefill. */
export function toForm(r: PromotionRecord): PromotionForm {
  const p = toPromotion(r);
  const scope = p.scope;
  return {
    name: p.name,
    kind: p.kind,
    couponCode: p.code ?? '',
    benefitType: p.benefit.type,
    percent: p.benefit.type === 'percent' ? String(basisPointsToPercent(p.benefit.bp)) : '',
    maxDiscount: p.benefit.type === 'percent' ? rupeesForInput(p.benefit.capPaise) : '',
    amount: p.benefit.type === 'fixed' ? rupeesForInput(p.benefit.amountPaise) : '',
    scope: scope.type,
    categoryIds: scope.type === 'categories' ? scope.categoryIds : [],
    shopIds: scope.type === 'shops' ? scope.shopIds : [],
    productIds: scope.type === 'products' ? scope.productIds : [],
    variantIds: scope.type === 'products' ? scope.variantIds : [],
    fundedBy: p.funder.by,
    vendorId: p.funder.by === 'vendor' ? p.funder.vendorId : '',
    minimumCart: p.minimumPaise > 0 ? rupeesForInput(p.minimumPaise) : '',
    startsOn: p.startsOn,
    endsOn: p.endsOn ?? '',
    budgetType: p.budget === null ? 'none' : p.budget.type === 'paise' ? 'rupees' : 'uses',
    budgetRupees: p.budget?.type === 'paise' ? rupeesForInput(p.budget.limitPaise) : '',
    budgetUses: p.budget?.type === 'uses' ? String(p.budget.limit) : '',
    perCustomerLimit: p.perCustomerLimit === null ? '' : String(p.perCustomerLimit),
    firstOrderOnly: p.firstOrderOnly,
    stackable: p.stackable,
  };
}

function columnsOf(d: PromotionDefinition) {
  const s = d.scope;
  return {
    name: d.name,
    kind: d.kind,
    code: d.kind === 'coupon' ? d.code : null,
    benefitType: d.benefit.type,
    percentBp: d.benefit.type === 'percent' ? d.benefit.bp : null,
    capPaise: d.benefit.type === 'percent' ? d.benefit.capPaise : null,
    amountPaise: d.benefit.type === 'fixed' ? d.benefit.amountPaise : null,
    scopeType: s.type,
    scopeIds: {
      categoryIds: s.type === 'categories' ? s.categoryIds : [],
      shopIds: s.type === 'shops' ? s.shopIds : [],
      productIds: s.type === 'products' ? s.productIds : [],
      variantIds: s.type === 'products' ? s.variantIds : [],
    },
    fundedBy: d.funder.by,
    vendorId: d.funder.by === 'vendor' ? d.funder.vendorId : null,
    minimumPaise: d.minimumPaise,
    startsOn: d.startsOn,
    endsOn: d.endsOn,
    budgetType: d.budget?.type ?? 'none',
    budgetLimit: d.budget === null ? null : d.budget.type === 'paise' ? d.budget.limitPaise : d.budget.limit,
    perCustomerLimit: d.perCustomerLimit,
    firstOrderOnly: d.firstOrderOnly,
    stackable: d.stackable,
  };
}

/**
 * Who made a change, for its audit entry: a member of Haat's staff, or a vendor (`vendorId`, the
 * vendor acted for, may change only its own promotions).
 */
export type PromotionActor = { id: string; ip: string; userAgent: string | null; vendorId?: string };

const audit = (tx: Tx, actor: PromotionActor, action: string, id: string, newData: unknown) =>
  recordAudit(tx, {
    actorType: actor.vendorId ? 'vendor' : 'admin',
    actorId: actor.id,
    action,
    resourceType: 'promotion',
    resourceId: id,
    newData,
    ipAddress: actor.ip,
    userAgent: actor.userAgent,
  });

const isCodeTaken = (e: unknown) => {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = err.cause ?? err;
  return c.code === '23505' && c.constraint === 'promotions_code_not_ended_unique';
};

/**
 * Refuses a vendor's promotion that names shops or products not the vendor's, and a coupon code
 * another promotion not ended already has (409). A promotion past its last day that still holds the
 * code is ended first: its status was already 'ended', and the code is free again.
 */
async function checkDefinition(
  tx: Tx,
  d: PromotionDefinition,
  selfId: string | null,
  actor: PromotionActor,
): Promise<void> {
  // Haat's staff never commit a vendor's money: a vendor-funded promotion is the vendor's own doing.
  if (d.funder.by === 'vendor' && d.funder.vendorId !== actor.vendorId)
    throw new AppError('VALIDATION_FAILED', m.vendorCreatesOwn, { fundedBy: m.vendorCreatesOwn });
  if (d.funder.by === 'vendor') await checkVendorScope(tx, d.funder.vendorId, d.scope);
  if (d.code === null) return;
  const others = selfId === null ? sql`true` : ne(promotions.id, selfId);
  await tx
    .update(promotions)
    .set({ endedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(promotions.code, d.code), isNull(promotions.endedAt), lt(promotions.endsOn, todayInIndia()), others));
  const [taken] = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.code, d.code), isNull(promotions.endedAt), others));
  if (taken) throw new AppError('CONFLICT', m.codeTaken(d.code));
}

/**
 * A vendor's promotion covers only its own products (coversLine), whatever it names; naming another
 * vendor's shop or product is refused, so that what the vendor sees is what applies.
 */
async function checkVendorScope(tx: Tx, vendorId: string, scope: PromotionDefinition['scope']): Promise<void> {
  if (scope.type === 'shops') {
    const own = new Set((await listVendorShops(tx, vendorId)).map((s) => s.id));
    if (scope.shopIds.some((id) => !own.has(id)))
      throw new AppError('VALIDATION_FAILED', m.notYourShops, { shopIds: m.notYourShops });
  }
  if (scope.type === 'products') {
    const productIds = new Set([...scope.productIds, ...(await productIdsOfVariants(tx, scope.variantIds))]);
    for (const id of productIds)
      if (!(await isOwnProduct(tx, vendorId, id)))
        throw new AppError('VALIDATION_FAILED', m.notYourProducts, { productIds: m.notYourProducts });
  }
}

/** Saves a new promotion; audited as promotion_created. Two saves racing for one code: one wins, the other 409. */
export async function createPromotion(
  db: DbOrTx,
  a: { definition: PromotionDefinition; actor: PromotionActor },
): Promise<PromotionRecord> {
  return saving(a.definition, () =>
    db.transaction(async (tx) => {
      await checkDefinition(tx, a.definition, null, a.actor);
      const [row] = await tx
        .insert(promotions)
        .values({ ...columnsOf(a.definition), createdBy: a.actor.id })
        .returning();
      await audit(tx, a.actor, 'promotion_created', row.id, a.definition);
      return row;
    }),
  );
}

/**
 * A promotion saved by `write`: the storefront's offers are read again after it, and a code another
 * promotion took first (two saves racing for one code) is a 409 naming it.
 */
async function saving(definition: PromotionDefinition, write: () => Promise<PromotionRecord>) {
  try {
    const saved = await write();
    forgetOffers();
    return saved;
  } catch (e) {
    if (isCodeTaken(e) && definition.code) throw new AppError('CONFLICT', m.codeTaken(definition.code));
    throw e;
  }
}

/** The promotion, locked; NOT_FOUND when there is none, or when a vendor acts on another's. */
async function lockedPromotion(tx: Tx, id: string, actor: PromotionActor): Promise<PromotionRecord> {
  const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
  if (!row || (actor.vendorId !== undefined && row.vendorId !== actor.vendorId))
    throw new AppError('NOT_FOUND', m.notFound);
  return row;
}

/** Replaces a promotion's definition while it has not started (nor ended); audited as promotion_edited. */
export async function editPromotion(
  db: DbOrTx,
  a: { id: string; definition: PromotionDefinition; actor: PromotionActor },
): Promise<PromotionRecord> {
  return saving(a.definition, () =>
    db.transaction(async (tx) => {
      const before = await lockedPromotion(tx, a.id, a.actor);
      const today = todayInIndia();
      if (before.endedAt !== null || today >= before.startsOn) throw new AppError('CONFLICT', m.startedNoEdit);
      await checkDefinition(tx, a.definition, a.id, a.actor);
      const [row] = await tx
        .update(promotions)
        .set({ ...columnsOf(a.definition), updatedAt: new Date() })
        .where(eq(promotions.id, a.id))
        .returning();
      await audit(tx, a.actor, 'promotion_edited', a.id, { before: toPromotion(before), after: a.definition });
      return row;
    }),
  );
}

/** Pauses, resumes or ends a promotion not ended; audited as promotion_paused, _resumed or _ended. */
export async function changePromotionState(
  db: DbOrTx,
  a: { id: string; change: 'pause' | 'resume' | 'end'; actor: PromotionActor },
): Promise<PromotionRecord> {
  const changed = await db.transaction(async (tx) => {
    const before = await lockedPromotion(tx, a.id, a.actor);
    if (before.endedAt !== null) throw new AppError('CONFLICT', m.alreadyEnded);
    if (a.change === 'resume' && !before.paused) throw new AppError('CONFLICT', m.notPaused);
    const set =
      a.change === 'end' ? { endedAt: new Date() } : a.change === 'pause' ? { paused: true } : { paused: false };
    const [row] = await tx
      .update(promotions)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(promotions.id, a.id))
      .returning();
    const action = { pause: 'promotion_paused', resume: 'promotion_resumed', end: 'promotion_ended' }[a.change];
    await audit(tx, a.actor, action, a.id, { name: row.name, code: row.code });
    return row;
  });
  forgetOffers();
  return changed;
}

/**
 * Whether a coupon code (normalised) belongs to a promotion that has not ended, by hand or past its
 * last day, on the India date `today`: the code an announcement may offer (paused or not yet started
 * is fine, checkout says so to the shopper).
 */
export async function isCouponNotEnded(db: DbOrTx, code: string, today = todayInIndia()): Promise<boolean> {
  const [row] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(
      and(
        eq(promotions.kind, 'coupon'),
        eq(promotions.code, code),
        isNull(promotions.endedAt),
        sql`(${promotions.endsOn} is null or ${promotions.endsOn} >= ${today})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

// --- Uses ---------------------------------------------------------------------------------------

/** A use counts while it is used, or held and its hold has not run out (a payment left pending). */
const counted = sql`(${promotionUses.state} = 'used'
  or (${promotionUses.state} = 'held' and ${promotionUses.heldUntil} > now()))`;

/**
 * Who a customer is for a per-customer limit: their user id, and the mailbox their email reaches
 * (mailboxOf), so `asha.k@gmail.com` and `ashak+deals@gmail.com` are one customer. Null mailbox for
 * an account without an email (deleted).
 */
export type PromotionCustomer = { userId: string; mailbox: string | null };

/**
 * The customer as a per-customer limit counts them. `email`: their account's email when the caller
 * already read it (null for a deleted account), so it is not read again; left out, it is read now.
 */
export async function promotionCustomer(db: DbOrTx, userId: string, email?: string | null): Promise<PromotionCustomer> {
  const e = email === undefined ? await emailOfUser(db, userId) : email;
  return { userId, mailbox: e === null ? null : mailboxOf(e) };
}

/**
 * Uses and spend (used, or held within their hold) of each promotion named, and one customer's uses
 * of each: those of their account, and those of any account whose email reaches the same mailbox.
 */
export async function usageOf(
  db: DbOrTx,
  ids: readonly string[],
  customer: PromotionCustomer | null,
): Promise<Map<string, { uses: number; spentPaise: number; customerUses: number }>> {
  const out = new Map(ids.map((id) => [id, { uses: 0, spentPaise: 0, customerUses: 0 }]));
  if (ids.length === 0) return out;
  const c = usageColumns(customer);
  const rows = await db
    .select({ promotionId: promotionUses.promotionId, ...c })
    .from(promotionUses)
    .where(and(inArray(promotionUses.promotionId, [...ids]), counted))
    .groupBy(promotionUses.promotionId);
  for (const r of rows) out.set(r.promotionId, usageFrom(r));
  return out;
}

/** The uses of one customer among a promotion's: their account's, and any account's reaching their mailbox. */
function theirUses(customer: PromotionCustomer | null) {
  return customer === null
    ? null
    : customer.mailbox === null
      ? sql`${promotionUses.customerUserId} = ${customer.userId}`
      : sql`(${promotionUses.customerUserId} = ${customer.userId}
            or ${promotionUses.customerMailbox} = ${customer.mailbox})`;
}

/** The aggregates of usageOf over the counted uses of the rows grouped. */
function usageColumns(customer: PromotionCustomer | null) {
  const theirs = theirUses(customer);
  return {
    uses: sql<number>`count(*)::int`,
    spentPaise: sql<number>`coalesce(sum(${promotionUses.discountPaise}), 0)::bigint`,
    customerUses: theirs === null ? sql<number>`0` : sql<number>`(count(*) filter (where ${theirs}))::int`,
  };
}

const usageFrom = (r: { uses: number; spentPaise: number; customerUses: number }) => ({
  uses: Number(r.uses),
  spentPaise: Number(r.spentPaise),
  customerUses: Number(r.customerUses),
});

const withUsage = async (db: DbOrTx, rows: readonly PromotionRecord[], customer: PromotionCustomer) => {
  if (rows.length === 0) return [];
  const usage = await usageOf(
    db,
    rows.map((r) => r.id),
    customer,
  );
  return rows.map((r): PromotionWithUsage => ({
    ...toPromotion(r),
    usage: usage.get(r.id) ?? { uses: 0, spentPaise: 0, customerUses: 0 },
  }));
};

/** The promotions a checkout considers, each with its usage. */
export type CheckoutCandidates = { automatics: PromotionWithUsage[]; coupons: PromotionWithUsage[] };

/**
 * What checkout passes to applyPromotions for a customer on `today`: the automatic promotions in
 * force (not paused nor ended, within their dates), and the coupons with the code typed that are
 * not paused nor ended by hand (their dates are the rules' to refuse), each with its usage. One
 * statement reads them all with their usage (nothing is locked: the placement counts again under
 * the promotions' locks).
 */
export async function checkoutCandidates(
  db: DbOrTx,
  a: { customer: PromotionCustomer; today: string; couponCode: string | null },
): Promise<CheckoutCandidates> {
  return readColumn(db, checkoutCandidatesColumn(a));
}

/**
 * checkoutCandidates as a column of a caller's statement (a checkout reads them with its products).
 * Each candidate's usage comes from usageOf's aggregates over its counted uses, in one lateral
 * subquery per promotion.
 */
export function checkoutCandidatesColumn(a: {
  customer: PromotionCustomer;
  today: string;
  couponCode: string | null;
}): JsonColumn<CheckoutCandidates> {
  const p = promotions;
  const automatic = sql`(${p.kind} = 'automatic' and ${p.startsOn} <= ${a.today}
    and (${p.endsOn} is null or ${p.endsOn} >= ${a.today}))`;
  const which = a.couponCode
    ? sql`(${automatic} or (${p.kind} = 'coupon' and ${p.code} = ${a.couponCode}))`
    : automatic;
  const c = usageColumns(a.customer);
  const fields = sql.join(
    promotionFields.map((k) => sql`${sql.raw(`'${k}'`)}, ${p[k]}`),
    sql`, `,
  );
  return {
    sql: sql`coalesce((select json_agg(json_build_object('promotion', json_build_object(${fields}),
        'uses', usage.uses, 'spentPaise', usage.spent_paise, 'customerUses', usage.customer_uses))
      from ${p} left join lateral (select ${c.uses} as uses, ${c.spentPaise} as spent_paise,
                                          ${c.customerUses} as customer_uses
                                   from ${promotionUses}
                                   where ${promotionUses.promotionId} = ${p.id} and ${counted}) usage on true
      where ${p.endedAt} is null and not ${p.paused} and ${which}), '[]')`,
    read: (value) => {
      const rows = (value ?? []) as {
        promotion: PromotionFields;
        uses: number;
        spentPaise: number;
        customerUses: number;
      }[];
      const all = rows.map((r): PromotionWithUsage => ({ ...toPromotion(r.promotion), usage: usageFrom(r) }));
      return { automatics: all.filter((x) => x.kind === 'automatic'), coupons: all.filter((x) => x.kind === 'coupon') };
    },
  };
}

/**
 * The promotions of an order being placed, locked (SELECT ... FOR UPDATE, in id order) until the
 * caller's transaction ends, with their usage read under the lock: two orders racing for the last
 * use of a budget, or one customer's orders racing for a per-customer limit, are counted one after
 * the other. A promotion paused or ended meanwhile is left out. `releasingPaymentId`: the payment
 * whose held uses this placement replaces (released first, so they are not counted twice).
 * `whileLocked`: the caller's work between the locks and the count (a checkout takes its stock there).
 */
export async function lockPromotionsForOrder(
  tx: Tx,
  a: {
    ids: readonly string[];
    customer: PromotionCustomer;
    releasingPaymentId?: string;
    whileLocked?: () => Promise<void>;
  },
): Promise<PromotionWithUsage[]> {
  if (a.ids.length === 0) {
    await a.whileLocked?.();
    return [];
  }
  const rows = await tx
    .select()
    .from(promotions)
    .where(and(inArray(promotions.id, [...a.ids]), isNull(promotions.endedAt), eq(promotions.paused, false)))
    .orderBy(promotions.id)
    .for('update');
  if (a.releasingPaymentId) await releaseHeldPromotionUses(tx, [a.releasingPaymentId]);
  await a.whileLocked?.();
  return withUsage(tx, rows, a.customer);
}

export type PromotionUseInput = { promotionId: string; discountPaise: number };

/**
 * Records the promotions of an order placed (at once, or once its payment succeeded): 'used'. A use
 * the payment held becomes the order's (one row per promotion and payment).
 */
export async function recordPromotionUses(
  tx: Tx,
  a: { orderId: string; customer: PromotionCustomer; paymentId?: string | null; uses: readonly PromotionUseInput[] },
): Promise<void> {
  if (a.uses.length === 0) return;
  const { userId, mailbox } = a.customer;
  for (const u of a.uses) {
    const values = { orderId: a.orderId, discountPaise: u.discountPaise, state: 'used', heldUntil: null };
    const claimed = a.paymentId
      ? await tx
          .update(promotionUses)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(promotionUses.paymentId, a.paymentId), eq(promotionUses.promotionId, u.promotionId)))
          .returning({ id: promotionUses.id })
      : [];
    if (claimed.length === 0)
      await tx.insert(promotionUses).values({
        ...values,
        promotionId: u.promotionId,
        paymentId: a.paymentId ?? null,
        customerUserId: userId,
        customerMailbox: mailbox,
      });
  }
}

/** Holds the promotions of an online payment while it is pending, until `heldUntil` (its stock hold). */
export async function holdPromotionUses(
  tx: Tx,
  a: { paymentId: string; customer: PromotionCustomer; heldUntil: Date; uses: readonly PromotionUseInput[] },
): Promise<void> {
  if (a.uses.length === 0) return;
  const { userId, mailbox } = a.customer;
  await tx.insert(promotionUses).values(
    a.uses.map((u) => ({
      promotionId: u.promotionId,
      paymentId: a.paymentId,
      customerUserId: userId,
      customerMailbox: mailbox,
      discountPaise: u.discountPaise,
      state: 'held',
      heldUntil: a.heldUntil,
    })),
  );
}

/** The held uses of payments that failed, were dismissed or replaced: released (they count no more). */
export async function releaseHeldPromotionUses(tx: DbOrTx, paymentIds: readonly string[]): Promise<void> {
  if (paymentIds.length === 0) return;
  await tx
    .update(promotionUses)
    .set({ state: 'released', updatedAt: new Date() })
    .where(and(inArray(promotionUses.paymentId, [...paymentIds]), eq(promotionUses.state, 'held')));
}

/** An order's uses not released, for a cancellation (promotionsBackOnCancel). */
export async function promotionUsesOfOrder(db: DbOrTx, orderId: string): Promise<PromotionUseInput[]> {
  return db
    .select({ promotionId: promotionUses.promotionId, discountPaise: promotionUses.discountPaise })
    .from(promotionUses)
    .where(and(eq(promotionUses.orderId, orderId), eq(promotionUses.state, 'used')));
}

/** Gives an order's uses back to their promotions (their use and spend count no more). */
export async function releasePromotionUses(tx: DbOrTx, orderId: string, promotionIds: readonly string[]) {
  if (promotionIds.length === 0) return;
  await tx
    .update(promotionUses)
    .set({ state: 'released', updatedAt: new Date() })
    .where(and(eq(promotionUses.orderId, orderId), inArray(promotionUses.promotionId, [...promotionIds])));
}

/** Every promotion's limits and its uses and spend not released, for the money-invariants check. */
export async function promotionCounts(db: DbOrTx) {
  const rows = await db.select().from(promotions);
  const usage = await usageOf(
    db,
    rows.map((r) => r.id),
    null,
  );
  return rows.map((r) => {
    const u = usage.get(r.id) ?? { uses: 0, spentPaise: 0 };
    return {
      promotionId: r.id,
      uses: u.uses,
      useLimit: r.budgetType === 'uses' ? r.budgetLimit : null,
      spentPaise: u.spentPaise,
      budgetPaise: r.budgetType === 'paise' ? r.budgetLimit : null,
    };
  });
}
