import {
  rateMessages as m,
  type AddCommissionRuleData,
  type AddHsnCodeData,
  type AddHsnRateData,
  type AddTaxRateData,
  type RateAdded,
} from '../../../contracts/settlement-rates.contract';
import { addHsnCode, addHsnRate } from '../catalog';
import { addCommissionRule, addTaxRate } from '../settlement';
import type { SensitiveTx } from './admin.step-up';

// The "Commission & tax" tab: each new rate is a row added with a fresh code and
// audited with its fields; the settlement and catalog modules own the rows and their rules.

type Input<T> = Omit<T, 'code'>;

/** Adds a commission rule with a fresh code; audited as commission_rule_added with the rule's fields. */
export async function addAdminCommissionRule({
  sensitiveTx,
  input,
}: {
  sensitiveTx: SensitiveTx;
  input: Input<AddCommissionRuleData>;
}): Promise<RateAdded> {
  return sensitiveTx(async (tx, admin) => {
    const rule = await addCommissionRule(tx, { ...input, adminId: admin.id });
    return {
      result: { id: rule.id, message: m.ruleAdded },
      audit: { action: 'commission_rule_added', resourceType: 'commission_rule', resourceId: rule.id, newData: rule },
    };
  });
}

/** Adds a dated tax rate (TCS, TDS, unclassified GST) with a fresh code; audited as tax_rate_added. */
export async function addAdminTaxRate({
  sensitiveTx,
  input,
}: {
  sensitiveTx: SensitiveTx;
  input: Input<AddTaxRateData>;
}): Promise<RateAdded> {
  return sensitiveTx(async (tx) => {
    const rate = await addTaxRate(tx, input);
    return {
      result: { id: rate.id, message: m.taxRateAdded },
      audit: { action: 'tax_rate_added', resourceType: 'tax_rate', resourceId: rate.id, newData: rate },
    };
  });
}

/** Adds an HSN code with its first GST rate, with a fresh code; audited as hsn_code_added. */
export async function addAdminHsnCode({
  sensitiveTx,
  input,
}: {
  sensitiveTx: SensitiveTx;
  input: Input<AddHsnCodeData>;
}): Promise<RateAdded> {
  return sensitiveTx(async (tx) => {
    const added = await addHsnCode(tx, input);
    return {
      result: { id: added.hsnCode, message: m.hsnAdded },
      audit: { action: 'hsn_code_added', resourceType: 'hsn_code', resourceId: added.hsnCode, newData: added },
    };
  });
}

/** Schedules a new GST rate for an HSN code, with a fresh code; audited as hsn_rate_added. */
export async function addAdminHsnRate({
  sensitiveTx,
  input,
}: {
  sensitiveTx: SensitiveTx;
  input: Input<AddHsnRateData>;
}): Promise<RateAdded> {
  return sensitiveTx(async (tx) => {
    const rate = await addHsnRate(tx, input);
    return {
      result: { id: rate.id, message: m.hsnRateAdded },
      audit: { action: 'hsn_rate_added', resourceType: 'hsn_code', resourceId: rate.hsnCode, newData: rate },
    };
  });
}
