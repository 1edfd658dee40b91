import { newsMessages, type News, type NewsAudience, type NewsSent } from '../../../contracts/notifications.contract';
import { activeAccountIds } from '../auth';
import { notifyMany } from '../notifications';
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
 */
export async function sendNews({ sensitiveTx, news }: { sensitiveTx: SensitiveTx; news: News }): Promise<NewsSent> {
  return sensitiveTx(async (tx) => {
    const ids = await activeAccountIds(tx, roleOf[news.audience]);
    const { emails } = await notifyMany(tx, 'news', ids, { title: news.title, message: news.message });
    const recipients = ids.length;
    return {
      result: { message: newsMessages.sent(recipients), recipients },
      audit: {
        action: 'news_sent',
        resourceType: 'news',
        resourceId: null,
        newData: { audience: news.audience, title: news.title, recipients, emails },
      },
    };
  });
}
