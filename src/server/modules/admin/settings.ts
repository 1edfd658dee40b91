import type { GatewaySettings, ProcessReferralsResult, ReferralSettings } from '../../../contracts/admin-settings.contract';
import { processedReferralsMessage, settingsMessages as m } from '../../../contracts/admin-settings.contract';
import { toPaise, toRupees } from '../../../domain/money';
import { AppError } from '../../platform/app-error';
import type { AdminUser } from '../../platform/auth-guards';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { recordAudit } from '../audit';
import { consumeAdminStepUp } from '../auth';
import { getGatewaySettings, saveGatewaySettings, testGatewayKeys } from '../payments';
import { getReferralSettings, qualifyReferrals, saveReferralSettings } from '../referrals';

type From = { ip: string; userAgent: string | null };
const toView = (s: { minTransactions: number; minTransactionVolumePaise: number; referralPointsAwarded: number }): ReferralSettings => ({
  minTransactions: s.minTransactions,
  minTransactionVolume: toRupees(s.minTransactionVolumePaise),
  referralPointsAwarded: s.referralPointsAwarded,
});

/** The referral thresholds as the Settings tab shows them (volume in rupees). */
export async function getAdminReferralSettings({ db }: { db: Db }): Promise<ReferralSettings> {
  return toView(await getReferralSettings(db));
}

/** Saves the referral thresholds with a fresh code; audited with the new values. */
export async function updateAdminReferralSettings({ db, config, admin, input, code, from }: { db: Db; config: Config; admin: AdminUser; input: ReferralSettings; code: string | undefined; from: From }): Promise<ReferralSettings> {
  return db.transaction(async (tx) => {
    await consumeAdminStepUp(tx, { config, adminId: admin.id, code });
    const saved = await saveReferralSettings(tx, { minTransactions: input.minTransactions, minTransactionVolumePaise: toPaise(input.minTransactionVolume), referralPointsAwarded: input.referralPointsAwarded });
    await recordAudit(tx, { actorType: 'admin', actorId: admin.id, action: 'referral_settings_updated', resourceType: 'referral_settings', resourceId: '1', newData: input, ipAddress: from.ip, userAgent: from.userAgent });
    return toView(saved);
  });
}

/**
 * 'Process referral qualifications' with a fresh code: qualifies every referral whose referred party
 * reached the thresholds and pays each referrer once, in one transaction with its audit entry.
 */
export async function processAdminReferralQualifications({ db, config, admin, code, from }: { db: Db; config: Config; admin: AdminUser; code: string | undefined; from: From }): Promise<ProcessReferralsResult> {
  return db.transaction(async (tx) => {
    await consumeAdminStepUp(tx, { config, adminId: admin.id, code });
    const newlyQualified = await qualifyReferrals(tx, { returnWindowDays: config.RETURN_WINDOW_DAYS });
    await recordAudit(tx, { actorType: 'admin', actorId: admin.id, action: 'referral_qualifications_processed', resourceType: 'referral', resourceId: null, newData: { newlyQualified }, ipAddress: from.ip, userAgent: from.userAgent });
    return { newlyQualified, message: processedReferralsMessage(newlyQualified) };
  });
}

/** The gateway settings without secrets. */
export async function getAdminGatewaySettings({ db }: { db: Db }): Promise<GatewaySettings> {
  const { keyId, isEnabled, hasKeySecret, hasWebhookSecret } = await getGatewaySettings(db);
  return { keyId, isEnabled, hasKeySecret, hasWebhookSecret };
}

export type SaveGatewayArgs = { db: Db; config: Config; admin: AdminUser; input: { keyId: string; keySecret?: string; webhookSecret?: string; isEnabled: boolean }; code: string | undefined; from: From };

/**
 * Saves the Razorpay settings with a fresh code: the key id, and the secrets encrypted (a blank
 * secret keeps the stored one; a key id needs a secret, typed now or stored). The audit entry
 * says which secrets changed, never their values.
 */
export async function updateAdminGatewaySettings({ db, config, admin, input, code, from }: SaveGatewayArgs): Promise<GatewaySettings> {
  return db.transaction(async (tx) => {
    await consumeAdminStepUp(tx, { config, adminId: admin.id, code });
    const current = await getGatewaySettings(tx);
    if (!input.keySecret && !current.hasKeySecret) throw new AppError('VALIDATION_FAILED', m.bothKeys, { keySecret: m.bothKeys });
    const saved = await saveGatewaySettings(tx, config, {
      keyId: input.keyId,
      isEnabled: input.isEnabled,
      ...(input.keySecret ? { keySecret: input.keySecret } : {}),
      ...(input.webhookSecret ? { webhookSecret: input.webhookSecret } : {}),
    });
    await recordAudit(tx, {
      actorType: 'admin',
      actorId: admin.id,
      action: 'gateway_settings_updated',
      resourceType: 'payment_gateway',
      resourceId: 'razorpay',
      newData: { keyId: input.keyId, isEnabled: input.isEnabled, keySecretChanged: Boolean(input.keySecret), webhookSecretChanged: Boolean(input.webhookSecret) },
      ipAddress: from.ip,
      userAgent: from.userAgent,
    });
    const { keyId, isEnabled, hasKeySecret, hasWebhookSecret } = saved;
    return { keyId, isEnabled, hasKeySecret, hasWebhookSecret };
  });
}

/** The connection test: a real authenticated call to Razorpay with the typed or stored keys. */
export async function testAdminGateway({ db, config, typed }: { db: Db; config: Config; typed: { keyId?: string; keySecret?: string } }): Promise<{ ok: boolean; message: string }> {
  const ok = await testGatewayKeys(db, config, typed);
  return { ok, message: ok ? m.testOk : m.testFailed };
}
