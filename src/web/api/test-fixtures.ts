import type { Me } from '../../contracts/auth.contract';
import type { OrderPart } from '../../contracts/orders.contract';
import type { OrderReturn } from '../../contracts/returns.contract';

// What the API answers, written once for the web tests that render from it.

/** A test id: the UUID whose last group is `n`. */
export const testUuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Asha Rao, signed in as a customer; `over` makes her account another (a vendor's, say). */
export const signedInAs = (over: Partial<Me> = {}): Me => ({
  id: '00000000-0000-4000-8000-000000000000',
  email: 'asha@example.in',
  role: 'customer',
  referralCode: 'CUSTABCDEF',
  firstName: 'Asha',
  lastName: 'Rao',
  displayName: 'Asha Rao',
  phoneNumber: null,
  dateOfBirth: null,
  gender: null,
  profileImageUrl: null,
  businessName: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

/** Asha Rao's return of one Block Print Kurta (M) from Jaipur Handlooms, just requested. */
export const requestedReturn = (over: Partial<OrderReturn> = {}): OrderReturn => ({
  id: testUuid(30),
  orderId: testUuid(1),
  orderRef: '#00000000',
  partId: testUuid(10),
  storeName: 'Jaipur Handlooms',
  customerName: 'Asha Rao',
  status: 'requested',
  statusLabel: 'Return requested',
  reason: 'Wrong size or fit',
  comment: 'Too tight',
  photos: [],
  items: [
    {
      orderItemId: testUuid(201),
      productName: 'Block Print Kurta',
      variantLabel: 'M',
      imageUrl: null,
      quantity: 1,
      pricePaise: 60_000,
    },
  ],
  valuePaise: 60_000,
  requestedAt: '2026-11-30T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  rejectionReason: null,
  disputedAt: null,
  disputeComment: null,
  receivedAt: null,
  refund: null,
  creditNoteNumber: null,
  ...over,
});

/** One shop's part of an order, not yet shipped: one item at ₹1,000 earning 10 points; its ids and names from `o`. */
export const orderPart = (
  o: { id: string; storeId: string; storeName: string; itemId: string; productId: string; productName: string },
  over: Partial<OrderPart> = {},
): OrderPart => ({
  id: o.id,
  storeId: o.storeId,
  storeName: o.storeName,
  status: 'processing',
  subtotalPaise: 100_000,
  pointsEarned: 10,
  trackingNote: null,
  deliveredAt: null,
  codDuePaise: null,
  cashCollectedPaise: null,
  returnedToSeller: false,
  items: [
    {
      id: o.itemId,
      productId: o.productId,
      productName: o.productName,
      variantId: null,
      variantLabel: null,
      imageUrl: null,
      quantity: 1,
      pricePaise: 100_000,
      pointsEarned: 10,
      reviewed: false,
      discountPaise: 0,
    },
  ],
  ...over,
});
