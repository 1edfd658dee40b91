import { describe, expect, it } from 'vitest';
import { parseTemplate, renderTemplate, templateKinds } from './notifications.templates';

// Every template renders with sample data into a plain-text part, a simple HTML
// part, a link to the right page and the footer's Haat name; one that is missing a field fails.

const order = {
  orderRef: '#1A2B3C4D',
  orderId: '1a2b3c4d-0000-4000-8000-000000000001',
  shopName: 'Jaipur Handloom House',
  items: '- 2 × Cotton Kurta (M)\n- 1 × Juttis (7)',
};
const samples: Record<string, Record<string, string>> = {
  'staff-invite': {
    token: 'ab'.repeat(32),
    invitedBy: 'Root Owner',
    roles: 'Finance',
    expires: '2 Dec 2026, 10:00 am',
  },
  'order-placed': { ...order, amount: '₹2,400', payment: 'Paid ₹2,300 and 100 points.', points: '24' },
  'order-part-confirmed': order,
  'order-part-shipped': { ...order, tracking: ' Tracking: DTDC 123' },
  'order-part-delivered': order,
  'order-part-cancelled': { ...order, refund: '₹1,200 is refunded to the way you paid.' },
  'vendor-new-order': {
    ...order,
    amount: '₹1,200',
    payment: 'Prepaid.',
    address: 'Asha Rao, 12 MG Road, Jaipur 302001',
  },
  'vendor-order-cancelled': order,
  'vendor-return-requested': { ...order, reason: 'Wrong size or fit', comment: ' Comment: Too tight' },
  'vendor-return-decided': {
    ...order,
    decision: 'approved',
    status: 'approved',
    next: 'Collect the items from the customer and mark the return received in your Returns tab; the customer is refunded then.',
  },
  'return-approved': { ...order, decidedBy: 'Jaipur Handloom House' },
  'return-rejected': {
    ...order,
    decidedBy: 'the Haat team',
    reason: 'The tag was removed',
    next: 'The Haat team has reviewed it, and this decision is final.',
  },
  'return-received': { ...order, refund: 'Your refund of ₹540 to your original payment method is on its way.' },
  'return-refunded': {
    ...order,
    amount: '₹540 and 60 points',
    refund:
      '₹540 is refunded to your original payment method. 60 points you used on the order are back in your wallet.',
  },
  'vendor-payout-paid': {
    businessName: 'Asha Crafts',
    amount: '₹8,981',
    period: '1 Nov 2026 to 30 Nov 2026',
    via: 'bank transfer',
    referenceLabel: 'UTR',
    reference: 'HDFCR52026112698765432',
  },
  'vendor-approved': { businessName: 'Asha Crafts' },
  'vendor-rejected': { businessName: 'Asha Crafts', reason: 'GSTIN does not match' },
  'vendor-product-disabled': { productName: 'Cotton Kurta', productId: 'p1' },
  'vendor-product-approved': { productName: 'Cotton Kurta', what: 'Your new product' },
  'vendor-product-rejected': {
    productName: 'Cotton Kurta',
    what: 'Your new product',
    reason: 'The pictures show another product',
    next: 'Edit it in your Products tab to send it for review again.',
  },
  'admin-product-review-waiting': { productName: 'Cotton Kurta', what: 'A new product' },
  'vendor-new-review': { productName: 'Cotton Kurta', productId: 'p1', rating: '4', comment: 'Soft & <b>lovely</b>' },
  'withdrawal-paid': { amount: '₹500', upiId: 'asha@upi', upiReference: '123456789012' },
  'withdrawal-rejected': { amount: '₹500', points: '500', reason: 'UPI ID not found' },
  'points-available': { points: '24', source: 'order #1A2B3C4D' },
  'referral-reward': { points: '50', referredName: 'Ravi' },
  'merchant-verified': {
    businessName: 'Ravi Stores',
    cashback: '₹120 of cashback held for your customers is released.',
  },
  'merchant-unverified': { businessName: 'Ravi Stores', cashback: '₹40 of pending cashback is voided.' },
  'merchant-referral-qualified': { referredName: 'Meena Stores', points: '100' },
  'admin-vendor-waiting': { businessName: 'Asha Crafts', email: 'asha@example.in' },
  'admin-merchant-waiting': { businessName: 'Ravi Stores', email: 'ravi@example.in' },
  'admin-employee-waiting': { name: 'Kiran', email: 'kiran@example.in' },
  'admin-withdrawal-request': { customerEmail: 'asha@example.in', amount: '₹500', upiId: 'asha@upi' },
  'admin-contact-message': { name: 'Asha', email: 'asha@example.in', subject: 'Where is my order?' },
  'password-changed': {
    email: 'asha@example.in',
    when: '26 Nov 2026, 3:16 am',
    sessions: 'You were signed out on 2 other devices.',
  },
  'admin-new-sign-in': {
    email: 'root@haat.test',
    when: '26 Nov 2026, 3:16 am',
    ip: '203.0.113.9',
    device: 'Mozilla/5.0 (X11; Linux x86_64)',
  },
  news: { title: 'Diwali sale', message: 'Up to 40% off on handloom this week.\n\nFree shipping over ₹999.' },
  'news-coupon': { title: 'Weekend offer', message: 'Save ₹100 this weekend.', couponCode: 'SAVE100' },
  'vendor-team-invite': {
    vendorName: 'Jaipur Handloom',
    inviterEmail: 'owner@jaipur.example.in',
    email: 'meera@example.in',
    role: 'Catalog',
    roleHint: 'Products, variants, stock and pictures',
    hours: '72',
    token: 'abc123',
  },
  'vendor-payout-details-changed': {
    businessName: 'Jaipur Handloom',
    when: '29 Nov 2026, 8:30 pm',
    changed: 'bank account, PAN',
  },
  'admin-notification-failed': {
    subject: 'Your order is placed',
    to: 'asha@example.in',
    error: 'connect ECONNREFUSED',
    attempts: '6',
  },
};

describe('notification templates', () => {
  it('has a sample here for every template file, and a file for every sample', () => {
    expect(templateKinds()).toEqual(Object.keys(samples).sort());
  });

  it.each(Object.keys(samples))('%s renders both parts, its link and the footer', (kind) => {
    const r = renderTemplate(kind, samples[kind], 'https://haat.example.in');
    expect(r.subject.length).toBeGreaterThan(5);
    expect(r.subject).not.toContain('{{');
    expect(r.title).not.toContain('{{');
    expect(r.link).toMatch(/^\/[a-z]/);
    expect(r.summary.length).toBeGreaterThan(10);
    expect(r.text).toContain(`Open it in Haat: https://haat.example.in${r.link}`);
    expect(r.text).toContain('Haat: the open marketplace for India.');
    expect(r.html).toContain(`href="https://haat.example.in${r.link.replace(/&/g, '&amp;')}"`);
    expect(r.html).toContain('Haat: the open marketplace for India.');
    expect(r.html).not.toContain('{{');
  });

  it("puts the order's items and link in an order's message, and escapes what people typed in the HTML part", () => {
    const placed = renderTemplate('order-placed', samples['order-placed'], 'https://haat.example.in');
    expect(placed.subject).toBe('Your Haat order #1A2B3C4D is placed');
    expect(placed.text).toContain('- 2 × Cotton Kurta (M)');
    expect(placed.link).toBe(`/orders?order=${order.orderId}`);
    const review = renderTemplate('vendor-new-review', samples['vendor-new-review'], 'https://haat.example.in');
    expect(review.text).toContain('Soft & <b>lovely</b>');
    expect(review.html).toContain('Soft &amp; &lt;b&gt;lovely&lt;/b&gt;');
  });

  it("puts the super admin's news in the subject and title, the whole message in the inbox, and escapes it in the HTML part", () => {
    const news = renderTemplate(
      'news',
      { title: 'Tea & <b>spices</b>', message: 'New: <script>x()</script>\n\nMore soon.' },
      'https://haat.example.in',
    );
    expect(news).toMatchObject({
      group: 'news',
      channels: ['inapp', 'email'],
      subject: 'Tea & <b>spices</b>',
      title: 'Tea & <b>spices</b>',
      link: '/notifications',
    });
    expect(news.summary).toBe('New: <script>x()</script>\n\nMore soon.');
    expect(news.html).toContain('<h1 style="margin:0 0 16px;font-size:18px">Tea &amp; &lt;b&gt;spices&lt;/b&gt;</h1>');
    expect(news.html).toContain('New: &lt;script&gt;x()&lt;/script&gt;');
    expect(news.html).not.toContain('<script>');
    // Other kinds keep the first paragraph in the inbox: their link has the rest.
    expect(renderTemplate('order-placed', samples['order-placed'], '').summary).toBe(
      'Thank you! Your order #1A2B3C4D of ₹2,400 is placed.',
    );
  });

  it('refuses to render with a field missing, and refuses a file without its header', () => {
    expect(() => renderTemplate('withdrawal-paid', { amount: '₹500', upiId: 'a@upi' }, 'https://x.in')).toThrow(
      'Template withdrawal-paid needs {{upiReference}}',
    );
    expect(() => parseTemplate('x', 'group: orders\nsubject: S\ntitle: T\n\nbody without the line')).toThrow(
      "no '---' line",
    );
    expect(() => parseTemplate('x', 'group: nope\nsubject: S\ntitle: T\nlink: /\n---\nb')).toThrow(
      'unknown group nope',
    );
    expect(() => parseTemplate('x', 'group: news\nsubject: S\ntitle: T\nlink: /\nsummary: some\n---\nb')).toThrow(
      "summary is 'first paragraph' or 'whole body'",
    );
    expect(() => renderTemplate('no-such-kind', {}, 'https://x.in')).toThrow('No notification template no-such-kind');
  });

  it("keeps the super admin's failed-email notice in the app only (mailing it would fail too)", () => {
    expect(renderTemplate('admin-notification-failed', samples['admin-notification-failed'], '').channels).toEqual([
      'inapp',
    ]);
    expect(renderTemplate('order-placed', samples['order-placed'], '').channels).toEqual(['inapp', 'email']);
  });
});
