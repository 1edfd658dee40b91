import { z } from 'zod';
import { formatRupees, isWholePaise, toPaise } from '../domain/money';
import { stepUpCodeSchema } from './admin-lists.contract';
import { blankToUndefined } from './common.contract';

/** The largest cash on delivery order value limit: ₹10,00,00,000. */
export const COD_LIMIT_MAX_RUPEES = 100_000_000;

export const settingsMessages = {
  referralSaved: 'Referral settings updated successfully',
  referralFailed: 'Failed to update referral settings',
  gatewaySaved: 'Payment gateway settings saved successfully!',
  gatewayFailed: 'Failed to save settings',
  bothKeys: 'Please enter both Key ID and Secret',
  testOk: 'Connection test successful!',
  testFailed: 'Connection test failed. Please check your credentials.',
  processFailed: 'Failed to process referral qualifications',
  codSaved: 'Cash on delivery settings saved',
  codFailed: 'Failed to save cash on delivery settings',
  codLimitRequired: 'Enter the order value limit',
  codLimitNumber: 'The order value limit must be a number',
  codLimitMin: 'The order value limit cannot be negative',
  codLimitMax: `The order value limit can be at most ${formatRupees(toPaise(COD_LIMIT_MAX_RUPEES))}`,
  codLimitPaise: 'Use at most two decimal places',
  codUnknownCategory: 'Choose the excluded categories from the list',
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
  keyId: z
    .string({ error: settingsMessages.bothKeys })
    .trim()
    .min(1, settingsMessages.bothKeys)
    .max(100, 'Key ID is too long'),
  keySecret: optionalSecret,
  webhookSecret: optionalSecret,
  isEnabled: z.boolean(),
  code: stepUpCodeSchema,
});
export type SaveGatewaySettingsInput = z.input<typeof saveGatewaySettingsSchema>;

/** The connection test: the typed key id and secret, or (left blank) the stored ones. */
export const testGatewaySchema = z.object({ keyId: z.string().trim().max(100).optional(), keySecret: optionalSecret });
export const gatewayTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });

// ---- Cash on delivery: the order value limit and the categories never sold cash on delivery.

/** The cash on delivery rules as the form and the API write them: the limit in rupees (whole paise), the excluded categories' ids. */
export const codSettingsSchema = z.object({
  /** In rupees: the largest order value (items and delivery, before points) paid in cash on delivery. */
  limit: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : blankToUndefined(v)),
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? settingsMessages.codLimitRequired : settingsMessages.codLimitNumber,
      })
      .min(0, settingsMessages.codLimitMin)
      .max(COD_LIMIT_MAX_RUPEES, settingsMessages.codLimitMax)
      .refine(isWholePaise, settingsMessages.codLimitPaise),
  ),
  /** The categories whose products cannot be paid for in cash on delivery (each must exist). */
  excludedCategoryIds: z
    .array(z.string({ error: settingsMessages.codUnknownCategory }), { error: settingsMessages.codUnknownCategory })
    .max(500, settingsMessages.codUnknownCategory)
    .refine((ids) => ids.every((id) => z.uuid().safeParse(id).success), settingsMessages.codUnknownCategory)
    .default([]),
});
export type CodSettingsInput = z.input<typeof codSettingsSchema>;
export type CodSettingsValues = z.output<typeof codSettingsSchema>;
export const saveCodSettingsSchema = codSettingsSchema.extend({ code: stepUpCodeSchema });

/** `GET /api/admin/settings/cod`: the rules (limit in rupees) and the categories to choose from. */
export const codSettingsViewSchema = z.object({
  limit: z.number(),
  excludedCategoryIds: z.array(z.string()),
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CodSettingsView = z.infer<typeof codSettingsViewSchema>;
