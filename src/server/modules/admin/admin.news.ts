import { newsMessages, type News, type NewsAudience, type NewsSent } from '../../../contracts/notifications.contract';
import { AppError } from '../../platform/app-error';
import { activeAccountIds } from '../auth';
import { notifyMany } from '../notifications';
import { isCouponNotEnded } from '../promotions';
import type { SensitiveTx } from './admin.step-up';

/** The role whose accounts an audience is (everyone: every role). */
const roleOf: Record<NewsAudience, 'customer' | 'vendor' | 'merchant' | undefined> = {
  customers: 'customer',
  vendors: 'vendor',
  merchants: 'merchant',
  everyone: undefined,
};

/**
 * Sends the super admin's news with a fresh code, in one transaction with its audit entry: an inbox
 * notification for every active account of the audience, and an email for each that left news on.
 * A coupon code offered must be a promotion's that has not ended (400 under the field, nothing sent);
 * the inbox then shows 'Apply code', and the email's link opens the cart with the code.
 */
export async function sendNews({ sensitiveTx, news }: { sensitiveTx: SensitiveTx; news: News }): Promise<NewsSent> {
  return sensitiveTx(async (tx) => {
    const couponCode = news.couponCode ?? null;
    if (couponCode !== null && !(await isCouponNotEnded(tx, couponCode))) {
      const message = newsMessages.couponNotOffered(couponCode);
      throw new AppError('VALIDATION_FAILED', message, { couponCode: message });
    }
    const ids = await activeAccountIds(tx, roleOf[news.audience]);
    const data = { title: news.title, message: news.message };
    const { emails } = couponCode
      ? await notifyMany(tx, 'news-coupon', ids, { ...data, couponCode }, { couponCode })
      : await notifyMany(tx, 'news', ids, data);
    const recipients = ids.length;
    return {
      result: { message: newsMessages.sent(recipients), recipients },
      audit: {
        action: 'news_sent',
        resourceType: 'news',
        resourceId: null,
        newData: { audience: news.audience, title: news.title, couponCode, recipients, emails },
      },
    };
  });
}
