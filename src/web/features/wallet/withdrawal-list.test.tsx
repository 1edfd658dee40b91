import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Withdrawal } from '../../../contracts/rewards.contract';
import { WithdrawalList } from '../../ui/WalletParts';
import { visibleText as text } from '../../api/test-markup';

// The wallet shows what the super admin wrote for the customer next to each
// request: a paid one's UPI reference, a rejected one's reason.

const base: Withdrawal = {
  id: '00000000-0000-4000-8000-000000000001',
  points: 500,
  upiId: 'asha@okaxis',
  status: 'pending',
  createdAt: '2026-11-25T06:00:00.000Z',
  processedAt: null,
  upiReference: null,
  rejectReason: null,
};

describe('WithdrawalList', () => {
  it("shows a paid request's UPI reference and a rejected request's reason, and neither for a pending one", () => {
    const html = text(
      renderToStaticMarkup(
        <WithdrawalList
          items={[
            {
              ...base,
              id: '00000000-0000-4000-8000-000000000002',
              status: 'paid',
              processedAt: '2026-11-25T08:00:00.000Z',
              upiReference: '412345678901',
            },
            {
              ...base,
              id: '00000000-0000-4000-8000-000000000003',
              status: 'rejected',
              processedAt: '2026-11-25T09:00:00.000Z',
              rejectReason: 'UPI ID not found',
            },
            base,
          ]}
        />,
      ),
    );
    expect(html).toContain('UPI reference 412345678901');
    expect(html).toContain('Reason: UPI ID not found');
    expect(html.match(/UPI reference/g)).toHaveLength(1);
    expect(html.match(/Reason:/g)).toHaveLength(1);
  });
});
