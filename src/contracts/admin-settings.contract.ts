import { z } from 'zod';
import { stepUpCodeSchema } from './admin-lists.contract';

export const settingsMessages = {
  referralSaved: 'Referral settings updated successfully',
  referralFailed: 'Failed to update referral settings',
  gatewaySaved: 'Payment gateway settings saved successfully!',
  gatewayFailed: 'Failed to save settings',
  bothKeys: 'Please enter both Key ID and Secret',
  testOk: 'Connection test successful!',
  testFailed: 'Connection test failed. Please check your credentials.',
  processFailed: 'Failed to process referral qualifications',
} as const;

/** 'Processed referrals: N newly qualified' (SPEC.md section 8). */
export const processedReferralsMessage = (n: number) => `Processed referrals: ${n} newly qualified`;

export const processReferralsSchema = z.object({ code: stepUpCodeSchema });
export const processReferralsResultSchema = z.object({ newlyQualified: z.number().int(), message: z.string() });
export type ProcessReferralsResult = z.infer<typeof processReferralsResultSchema>;

const whole = (label: string, min: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(1_000_000_000, `${label} is too large`);

/** SPEC.md section 5: at least 1 transaction, a volume of at least ₹0, at least 0 points. */
export const referralSettingsSchema = z.object({
  minTransactions: whole('Minimum transactions', 1),
  /** In rupees. */
  minTransactionVolume: whole('Minimum transaction volume', 0),
  referralPointsAwarded: whole('Referral points', 0),
});
export type ReferralSettings = z.output<typeof referralSettingsSchema>;
export type ReferralSettingsInput = z.input<typeof referralSettingsSchema>;
export const saveReferralSettingsSchema = referralSettingsSchema.extend({ code: stepUpCodeSchema });

/** What the panel sees of the gateway: never a secret, only whether one is set. */
export const gatewaySettingsSchema = z.object({
  keyId: z.string().nullable(),
  isEnabled: z.boolean(),
  hasKeySecret: z.boolean(),
  hasWebhookSecret: z.boolean(),
});
export type GatewaySettings = z.infer<typeof gatewaySettingsSchema>;

const optionalSecret = z.string().trim().max(200, 'Secret is too long').optional();
/** A blank secret keeps the stored one. */
export const saveGatewaySettingsSchema = z.object({
  keyId: z.string({ error: settingsMessages.bothKeys }).trim().min(1, settingsMessages.bothKeys).max(100, 'Key ID is too long'),
  keySecret: optionalSecret,
  webhookSecret: optionalSecret,
  isEnabled: z.boolean(),
  code: stepUpCodeSchema,
});
export type SaveGatewaySettingsInput = z.input<typeof saveGatewaySettingsSchema>;

/** The connection test: the typed key id and secret, or (left blank) the stored ones. */
export const testGatewaySchema = z.object({ keyId: z.string().trim().max(100).optional(), keySecret: optionalSecret });
export const gatewayTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });
