import { z } from 'zod';
import { parseRupees } from '../domain/money';
import { stepUpCodeSchema } from './admin-lists.contract';

/** Two people for money out (Settings, owners): the messages the panel and the API share. */
export const moneyOutMessages = {
  prepared: 'Prepared. Another staff member with Finance must approve it before it is paid.',
  samePerson: 'You prepared this payment, so you cannot approve it. Another staff member with Finance must.',
  preparedMeanwhile: 'Someone else prepared this payment a moment ago. Reload to approve it.',
  amountInvalid: 'Enter an amount in rupees, or leave it empty to turn the rule off',
  saved: 'Saved',
} as const;

export const moneyOutSettingsSchema = z.object({ twoPersonAbovePaise: z.number().int().min(0).nullable() });
export type MoneyOutSettings = z.infer<typeof moneyOutSettingsSchema>;

/** `PUT /api/admin/settings/money-out`: the amount in rupees (empty: off) and a fresh code. */
export const saveMoneyOutSettingsSchema = z.object({
  twoPersonAboveRupees: z
    .string()
    .trim()
    .max(15)
    .refine((v) => v === '' || parseRupees(v, 12) !== null, moneyOutMessages.amountInvalid),
  code: stepUpCodeSchema,
});
export type SaveMoneyOutSettingsInput = z.input<typeof saveMoneyOutSettingsSchema>;

export const pendingApprovalSchema = z.object({
  kind: z.enum(['payout', 'withdrawal']),
  resourceId: z.uuid(),
  amountPaise: z.number().int(),
  preparedBy: z.string(),
  preparedAt: z.string(),
});
export type PendingApproval = z.infer<typeof pendingApprovalSchema>;
