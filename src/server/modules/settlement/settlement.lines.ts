import { todayInIndia } from '../../../domain/age';
import { isIntraState } from '../../../domain/gst';
import { gstinState } from '../../../domain/india-ids';
import { settleDiscountedLine } from '../../../domain/promotions-tax';
import { lineRates, pickCommissionRate } from '../../../domain/settlement';
import { gstRateCharged } from '../../../domain/unregistered-supplier';
import { writeAtOnce, type ModuleWrite, type Tx } from '../../platform/db';
import { gstRatesOn, productTaxClasses } from '../catalog';
import { shopSellers } from '../shops';
import { ratesAndRulesOn, vendorTaxIds } from './settlement.rates';
import type { SellerTaxIds, SettlementRates } from './settlement.shipping-limits';
import { orderItemSettlements } from './settlement.tables';

export type PlacedItem = {
  orderItemId: string;
  orderPartId: string;
  productId: string;
  storeId: string;
  quantity: number;
  unitPricePaise: number;
  /** The vendor-funded promotions' discount on the line (all units): on the vendor's invoice, it lowers the sale. */
  vendorFundedPaise?: number;
};

/**
 * What settling items reads of their products, shops and vendors, when the caller read it already in
 * the placing transaction (checkout prices its lines with the products' HSN codes and shops, and reads
 * the vendors' tax ids for their shipping limits): recordItemSettlements then does not read it again.
 */
export type SettlementInputs = {
  /** Each product's category and HSN code (null: not classified yet), as productTaxClasses answers them. */
  products: readonly { productId: string; categoryId: string; hsnCode: string | null }[];
  /** Who sells through each shop and its state, as shopSellers answers them. */
  sellers: readonly { storeId: string; vendorUserId: string; state: string | null }[];
  /** The sellers' PAN and GSTIN (shippingLimitsOf's). */
  taxIds: SellerTaxIds;
  /** The rates and rules of the day they were read with the tax ids (shippingLimitsOf's `ratesOn`). */
  rates?: SettlementRates;
};

/**
 * Writes, once and in the placing transaction, what each item of a new order pays whom, on its value
 * after any vendor-funded discount: its GST by
 * its HSN code's rate (or the rate for goods not yet classified; none from a vendor without a GSTIN), Haat's commission by the most
 * specific rule in force, TCS (vendors with a GSTIN) and TDS (5 % without a PAN), and the vendor's
 * net, with the rates, states and the vendor's PAN and GSTIN as they were that day. A later change
 * of any rate or detail never touches these rows (the database refuses updates).
 */
export async function recordItemSettlements(
  tx: Tx,
  a: { orderId: string; placeOfSupplyState: string | null; items: PlacedItem[]; now?: Date; known?: SettlementInputs },
): Promise<void> {
  await writeAtOnce(tx, await itemSettlementsWrite(tx, a));
}

/**
 * recordItemSettlements's write, for the placing statement (writeAtOnce, beside the order's items it
 * names): what it reads is read first, and the rows are the same.
 */
export async function itemSettlementsWrite(
  tx: Tx,
  a: { orderId: string; placeOfSupplyState: string | null; items: PlacedItem[]; now?: Date; known?: SettlementInputs },
): Promise<ModuleWrite> {
  if (a.items.length === 0) return { writes: [] };
  const day = todayInIndia(a.now ?? new Date());
  // One after another: a transaction's client runs one statement at a time (pg queues the rest and
  // will refuse overlapping queries on one client).
  const classes =
    a.known?.products ??
    (await productTaxClasses(
      tx,
      a.items.map((i) => i.productId),
    ));
  const sellers =
    a.known?.sellers ??
    (await shopSellers(
      tx,
      a.items.map((i) => i.storeId),
    ));
  const known = a.known?.rates?.day === day ? a.known.rates : null;
  const { taxRates: inForce, commissionRules: rules } = known ?? (await ratesAndRulesOn(tx, day));
  // A kind with no row by that day is not collected (0).
  const rate = (kind: keyof typeof inForce): number => inForce[kind]?.rateBp ?? 0;
  const classOf = new Map(classes.map((c) => [c.productId, c]));
  const sellerOf = new Map(sellers.map((s) => [s.storeId, s]));
  const gstRates = await gstRatesOn(
    tx,
    classes.flatMap((c) => (c.hsnCode ? [c.hsnCode] : [])),
    day,
  );
  const taxIds =
    a.known?.taxIds ??
    (await vendorTaxIds(
      tx,
      sellers.map((s) => s.vendorUserId),
    ));

  const rows = tx.insert(orderItemSettlements).values(
    a.items.map((item) => {
      const cls = classOf.get(item.productId);
      const seller = sellerOf.get(item.storeId);
      if (!cls || !seller)
        throw new Error(`recordItemSettlements: product ${item.productId} or shop ${item.storeId} not found`);
      const ids = taxIds.get(seller.vendorUserId) ?? { pan: null, gstin: null };
      const hsnCode = cls.hsnCode;
      // A vendor without a GSTIN charges no GST (CGST Act, section 32): its line's rate is 0.
      const gstRateBp = gstRateCharged({
        hsnRateBp: (hsnCode ? gstRates.get(hsnCode) : undefined) ?? rate('gst_unclassified'),
        supplierHasGstin: ids.gstin !== null,
      });
      const supplierState = (ids.gstin ? gstinState(ids.gstin) : null) ?? seller.state;
      const intraState = isIntraState(supplierState, a.placeOfSupplyState);
      const rule = pickCommissionRate(rules, { vendorId: seller.vendorUserId, categoryId: cls.categoryId, on: day });
      const rates = lineRates({
        gstRateBp,
        intraState,
        commissionBp: rule?.rateBp ?? 0,
        tcsBp: rate('tcs'),
        tds: { withPanBp: rate('tds_with_pan'), withoutPanBp: rate('tds_without_pan') },
        vendorHasGstin: ids.gstin !== null,
        vendorHasPan: ids.pan !== null,
      });
      // A vendor-funded discount is on the vendor's invoice: GST, commission, TCS and TDS are on the
      // value after it. A Haat-funded one is not: the vendor sells at the full price.
      const { settlement: line } = settleDiscountedLine(
        {
          unitPricePaise: item.unitPricePaise,
          quantity: item.quantity,
          vendorFundedPaise: item.vendorFundedPaise ?? 0,
          haatFundedPaise: 0,
        },
        rates,
      );
      return {
        orderItemId: item.orderItemId,
        orderId: a.orderId,
        orderPartId: item.orderPartId,
        vendorUserId: seller.vendorUserId,
        ratesOn: day,
        hsnCode,
        gstRateBp,
        supplierState,
        placeOfSupplyState: a.placeOfSupplyState,
        intraState,
        grossPaise: line.grossPaise,
        taxablePaise: line.taxablePaise,
        cgstPaise: line.gst.cgstPaise,
        sgstPaise: line.gst.sgstPaise,
        igstPaise: line.gst.igstPaise,
        commissionRuleId: rule?.id ?? null,
        commissionBp: rule?.rateBp ?? 0,
        commissionPaise: line.commissionPaise,
        tcsBp: ids.gstin !== null ? rate('tcs') : 0,
        tcsCgstPaise: line.tcs.cgstPaise,
        tcsSgstPaise: line.tcs.sgstPaise,
        tcsIgstPaise: line.tcs.igstPaise,
        tdsBp: line.tdsBp,
        tdsPaise: line.tdsPaise,
        vendorNetPaise: line.vendorNetPaise,
        vendorPan: ids.pan,
        vendorGstin: ids.gstin,
      };
    }),
  );
  return { writes: [{ name: 'item_settlement_rows', body: rows.getSQL() }] };
}
