import type {
  CodSettingsValues,
  CodSettingsView,
  GatewaySettings,
  ProcessReferralsResult,
  ReferralSettings,
} from '../../../contracts/admin-settings.contract';
import { processedReferralsMessage, settingsMessages as m } from '../../../contracts/admin-settings.contract';
import { toPaise, toRupees } from '../../../domain/money';
import { AppError } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db';
import {
  productReviewMessages as reviewMessages,
  type ProductReviewSettings,
  type ProductReviewSettingsView,
} from '../../../contracts/product-review.contract';
import { categoryNames, getProductReviewSettings, listCategories, saveProductReviewSettings } from '../catalog';
import {
  getCodSettings,
  getGatewaySettings,
  saveCodSettings,
  saveGatewaySettings,
  testGatewayKeys,
  type CodSettings,
} from '../payments';
import { getReferralSettings, qualifyReferrals, saveReferralSettings } from '../referrals';
import type { SensitiveTx } from './admin.step-up';

const toView = (s: {
  minTransactions: number;
  minTransactionVolumePaise: number;
  referralPointsAwarded: number;
}): ReferralSettings => ({
  minTransactions: s.minTransactions,
  minTransactionVolume: toRupees(s.minTransactionVolumePaise),
  referralPointsAwarded: s.referralPointsAwarded,
});

/** The referral thresholds as the Settings tab shows them (volume in rupees). */
export async function getAdminReferralSettings({ db }: { db: Db }): Promise<ReferralSettings> {
  return toView(await getReferralSettings(db));
}

/** Saves the referral thresholds with a fresh code; audited with the new values. */
export async function updateAdminReferralSettings({
  sensitiveTx,
  input,
}: {
  sensitiveTx: SensitiveTx;
  input: ReferralSettings;
}): Promise<ReferralSettings> {
  return sensitiveTx(async (tx) => {
    const saved = await saveReferralSettings(tx, {
      minTransactions: input.minTransactions,
      minTransactionVolumePaise: toPaise(input.minTransactionVolume),
      referralPointsAwarded: input.referralPointsAwarded,
    });
    return {
      result: toView(saved),
      audit: {
        action: 'referral_settings_updated',
        resourceType: 'referral_settings',
        resourceId: '1',
        newData: input,
      },
    };
  });
}

/**
 * 'Process referral qualifications' with a fresh code: qualifies every referral whose referred party
 * reached the thresholds and pays each referrer once, in one transaction with its audit entry.
 */
export async function processAdminReferralQualifications({
  config,
  sensitiveTx,
}: {
  config: Config;
  sensitiveTx: SensitiveTx;
}): Promise<ProcessReferralsResult> {
  return sensitiveTx(async (tx) => {
    const newlyQualified = await qualifyReferrals(tx, { returnWindowDays: config.RETURN_WINDOW_DAYS });
    return {
      result: { newlyQualified, message: processedReferralsMessage(newlyQualified) },
      audit: {
        action: 'referral_qualifications_processed',
        resourceType: 'referral',
        resourceId: null,
        newData: { newlyQualified },
      },
    };
  });
}

/** The gateway settings without secrets. */
export async function getAdminGatewaySettings({ db }: { db: Db }): Promise<GatewaySettings> {
  const { keyId, isEnabled, hasKeySecret, hasWebhookSecret } = await getGatewaySettings(db);
  return { keyId, isEnabled, hasKeySecret, hasWebhookSecret };
}

export type SaveGatewayArgs = {
  config: Config;
  sensitiveTx: SensitiveTx;
  input: { keyId: string; keySecret?: string; webhookSecret?: string; isEnabled: boolean };
};

/**
 * Saves the Razorpay settings with a fresh code: the key id, and the secrets encrypted (a blank
 * secret keeps the stored one; a key id needs a secret, typed now or stored). The audit entry
 * says which secrets changed, never their values.
 */
export async function updateAdminGatewaySettings({
  config,
  sensitiveTx,
  input,
}: SaveGatewayArgs): Promise<GatewaySettings> {
  return sensitiveTx(async (tx) => {
    const current = await getGatewaySettings(tx);
    if (!input.keySecret && !current.hasKeySecret)
      throw new AppError('VALIDATION_FAILED', m.bothKeys, { keySecret: m.bothKeys });
    const saved = await saveGatewaySettings(tx, config, {
      keyId: input.keyId,
      isEnabled: input.isEnabled,
      ...(input.keySecret ? { keySecret: input.keySecret } : {}),
      ...(input.webhookSecret ? { webhookSecret: input.webhookSecret } : {}),
    });
    const { keyId, isEnabled, hasKeySecret, hasWebhookSecret } = saved;
    return {
      result: { keyId, isEnabled, hasKeySecret, hasWebhookSecret },
      audit: {
        action: 'gateway_settings_updated',
        resourceType: 'payment_gateway',
        resourceId: 'razorpay',
        newData: {
          keyId: input.keyId,
          isEnabled: input.isEnabled,
          keySecretChanged: Boolean(input.keySecret),
          webhookSecretChanged: Boolean(input.webhookSecret),
        },
      },
    };
  });
}

/** The connection test: a real authenticated call to Razorpay with the typed or stored keys. */
export async function testAdminGateway({
  db,
  config,
  typed,
}: {
  db: Db;
  config: Config;
  typed: { keyId?: string; keySecret?: string };
}): Promise<{ ok: boolean; message: string }> {
  const ok = await testGatewayKeys(db, config, typed);
  return { ok, message: ok ? m.testOk : m.testFailed };
}

/** The cash on delivery rules as the Settings tab shows them (limit in rupees), with the categories to choose from: the active ones, and any excluded one no longer active. */
async function codView(db: DbOrTx, s: CodSettings): Promise<CodSettingsView> {
  const active = await listCategories({ db });
  const known = new Set(active.map((c) => c.id));
  const inactive = await categoryNames(
    db,
    s.excludedCategoryIds.filter((id) => !known.has(id)),
  );
  return {
    limit: toRupees(s.limitPaise),
    excludedCategoryIds: s.excludedCategoryIds,
    categories: [...active.map(({ id, name }) => ({ id, name })), ...[...inactive].map(([id, name]) => ({ id, name }))],
  };
}

/** Cash on delivery's order value limit and excluded categories (the default ₹10,000 and none until saved). */
export async function getAdminCodSettings({ db }: { db: Db }): Promise<CodSettingsView> {
  return codView(db, await getCodSettings(db));
}

/** Saves cash on delivery's limit and excluded categories with a fresh code (an unknown category is refused on its field); audited with the new values. */
export async function updateAdminCodSettings({
  sensitiveTx,
  input,
}: {
  sensitiveTx: SensitiveTx;
  input: CodSettingsValues;
}): Promise<CodSettingsView> {
  return sensitiveTx(async (tx) => {
    const ids = [...new Set(input.excludedCategoryIds)];
    const found = await categoryNames(tx, ids);
    if (ids.some((id) => !found.has(id)))
      throw new AppError('VALIDATION_FAILED', m.codUnknownCategory, { excludedCategoryIds: m.codUnknownCategory });
    const saved = await saveCodSettings(tx, { limitPaise: toPaise(input.limit), excludedCategoryIds: ids });
    return {
      result: await codView(tx, saved),
      audit: {
        action: 'cod_settings_updated',
        resourceType: 'cod_settings',
        resourceId: '1',
        newData: { limit: input.limit, excludedCategoryIds: ids },
      },
    };
  });
}

/**
 * The product review's rules as the Settings tab shows them, with the categories to choose from
 * (any reviewed one no longer active too).
 */
async function productReviewView(db: DbOrTx, s: ProductReviewSettings): Promise<ProductReviewSettingsView> {
  const active = await listCategories({ db });
  const known = new Set(active.map((c) => c.id));
  const inactive = await categoryNames(
    db,
    s.categoryIds.filter((id) => !known.has(id)),
  );
  return {
    ...s,
    categories: [...active.map(({ id, name }) => ({ id, name })), ...[...inactive].map(([id, name]) => ({ id, name }))],
  };
}

/** Which vendor products are reviewed before they go on sale (all rules off until saved). */
export async function getAdminProductReviewSettings({ db }: { db: Db }): Promise<ProductReviewSettingsView> {
  return productReviewView(db, await getProductReviewSettings(db));
}

/**
 * Saves the product review's rules with a fresh code (an unknown category is refused on its field);
 * audited with the new values.
 */
export async function updateAdminProductReviewSettings({
  sensitiveTx,
  input,
}: {
  sensitiveTx: SensitiveTx;
  input: ProductReviewSettings;
}): Promise<ProductReviewSettingsView> {
  return sensitiveTx(async (tx) => {
    const ids = [...new Set(input.categoryIds)];
    const found = await categoryNames(tx, ids);
    if (ids.some((id) => !found.has(id)))
      throw new AppError('VALIDATION_FAILED', reviewMessages.unknownCategory, {
        categoryIds: reviewMessages.unknownCategory,
      });
    const saved = await saveProductReviewSettings(tx, { ...input, categoryIds: ids });
    return {
      result: await productReviewView(tx, saved),
      audit: {
        action: 'product_review_settings_updated',
        resourceType: 'product_review_settings',
        resourceId: '1',
        newData: saved,
      },
    };
  });
}
