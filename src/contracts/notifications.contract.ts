import { z } from 'zod';
import { stepUpCodeSchema } from './admin-lists.contract';
import { pageQuerySchema, pageSchema, requiredText } from './common.contract';
import { couponCodeFields } from './promotions.contract';

/**
 * The groups a user can turn email off for. Security messages (a password reset, a changed
 * password, a new sign-in to the super admin) are in no group: they are always sent.
 */
export const emailGroups = ['orders', 'wallet', 'news'] as const;
export type EmailGroup = (typeof emailGroups)[number];
export const emailGroupLabels: Record<EmailGroup, { label: string; hint: string }> = {
  orders: {
    label: 'Orders',
    hint: 'Orders placed, confirmed, shipped, delivered or cancelled, and returns and refunds; for vendors, new orders and returns, payouts, reviews and approvals',
  },
  wallet: {
    label: 'Wallet and referrals',
    hint: 'Points that became available, withdrawals paid or rejected, referral rewards, merchant verification',
  },
  news: { label: 'News', hint: 'Announcements from Haat: new features, offers and events' },
};

/** One notification of the in-app inbox: what happened, and the page it is about. */
export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The page it is about, inside the app (starts with '/'). */
  link: z.string(),
  /** The coupon code an announcement offers (the inbox's 'Apply code' button), or null. */
  couponCode: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = pageQuerySchema.extend({
  unreadOnly: z
    .enum(['true', 'false'], { error: 'unreadOnly must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** A page of notifications, newest first, with the count of unread ones (all pages). */
export const notificationPageSchema = pageSchema(notificationSchema).extend({ unread: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

/** Email on or off per group; the in-app inbox always gets every notification. */
export const emailPreferencesSchema = z.object({
  orders: z.boolean({ error: 'Choose on or off' }),
  wallet: z.boolean({ error: 'Choose on or off' }),
  news: z.boolean({ error: 'Choose on or off' }),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** An email that could not be sent after every retry (the super admin's list, with Retry). */
export const failedEmailSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  /** What the message is about (its subject). */
  subject: z.string(),
  to: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string(),
});
export type FailedEmail = z.infer<typeof failedEmailSchema>;
export const failedEmailPageSchema = pageSchema(failedEmailSchema);
export type FailedEmailPage = z.infer<typeof failedEmailPageSchema>;

/** Who the super admin's news goes to: the active accounts of a role, or every active account. */
export const newsAudiences = ['customers', 'vendors', 'merchants', 'everyone'] as const;
export type NewsAudience = (typeof newsAudiences)[number];
export const newsAudienceLabels: Record<NewsAudience, string> = {
  customers: 'Customers',
  vendors: 'Vendors',
  merchants: 'Merchants',
  everyone: 'Everyone',
};
export const NEWS_TITLE_MAX = 120;
export const NEWS_MESSAGE_MAX = 2000;

/**
 * A news announcement of the super admin (group news): each active account of the audience gets it
 * in the inbox, and by email unless it turned news off. The title is the email's subject, so one line.
 * An optional coupon code (normalised; empty: none), which the server checks is a promotion's not ended.
 */
export const newsSchema = z.object({
  audience: z.enum(newsAudiences, { error: 'Choose who receives it' }),
  title: requiredText('Enter a title', NEWS_TITLE_MAX).regex(/^[^\r\n]*$/, 'Keep the title on one line'),
  message: requiredText('Enter a message', NEWS_MESSAGE_MAX),
  ...couponCodeFields,
});
export type News = z.infer<typeof newsSchema>;
export type NewsInput = z.input<typeof newsSchema>;
/** `POST /api/admin/announcements`: the news with a fresh code. */
export const newsBodySchema = newsSchema.extend({ code: stepUpCodeSchema });
export const newsSentSchema = z.object({ message: z.string(), recipients: z.number().int() });
export type NewsSent = z.infer<typeof newsSentSchema>;

export const newsMessages = {
  sent: (recipients: number) =>
    recipients === 0
      ? 'Nobody to send to: no active account is in this audience'
      : `News sent to ${recipients.toLocaleString('en-IN')} account${recipients === 1 ? '' : 's'}`,
  failed: 'Failed to send the news',
  couponNotOffered: (code: string) =>
    `No promotion that has not ended has the coupon code ${code}: check it in Promotions, or leave the field empty`,
  /** The inbox's button that takes the shopper to checkout with the code. */
  applyCode: (code: string) => `Apply code ${code}`,
} as const;

export const notificationMessages = {
  notFound: 'Notification not found',
  failedNotFound: 'This message is not waiting for a retry',
} as const;
