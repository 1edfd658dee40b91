import type { PolicyContent } from './policy-document';
import { support } from './support-contacts';

export const returnsContent: PolicyContent = {
  title: 'Returns & Refunds',
  lead: 'Changed your mind or received something that is not right? Here is how returns and refunds work on Haat.',
  updated: '1 Nov 2026',
  sections: [
    {
      id: 'return-window',
      heading: 'Return window',
      blocks: [
        'You can ask to return most products within 7 days of delivery. The 7 days start on the date the order, or that shop\u2019s part of it, is marked delivered.',
        'Points earned on an order stay pending during the return window and become available once it has passed.',
      ],
    },
    {
      id: 'eligibility',
      heading: 'What can be returned',
      blocks: [
        'To be accepted, a returned item must be:',
        {
          list: [
            'unused, unwashed and in the condition you received it;',
            'in its original packaging, with all tags, labels, accessories, manuals and free gifts;',
            'the same item that was delivered (we check serial numbers and IMEI numbers where they exist).',
          ],
        },
        { subheading: 'Items that cannot be returned' },
        {
          list: [
            'Perishable goods such as food, sweets and flowers.',
            'Innerwear, swimwear, cosmetics and personal-care products once the seal is opened.',
            'Customised or personalised products, such as engraved or tailored items.',
            'Digital products, gift cards and downloadable software.',
          ],
        },
        'Items in these categories can still be returned if they arrived damaged, defective, expired or different from what you ordered.',
      ],
    },
    {
      id: 'how-to-return',
      heading: 'How to return an item',
      blocks: [
        {
          steps: [
            {
              title: 'Request a return',
              text: 'Within 7 days of delivery, contact our support team through the contact form (Order & Account Support), by email or by phone with your order number, the item and the reason. Photos help if the item is damaged or wrong.',
            },
            {
              title: 'Approval within 24 hours',
              text: 'We review your request and approve it within 24 hours. You receive a confirmation with your pickup details.',
            },
            {
              title: 'Pickup within 24 hours',
              text: 'Our courier partner picks up the item from your address within 24 hours of approval. Pack it securely in its original packaging.',
            },
            {
              title: 'Quality check in 1-2 business days',
              text: 'Once the item reaches the seller, it is checked within 1-2 business days to confirm it meets the return conditions.',
            },
            {
              title: 'Refund in 3-5 business days',
              text: 'After a successful quality check, your refund is issued within 3-5 business days to your original payment method.',
            },
          ],
        },
      ],
    },
    {
      id: 'refund-timelines',
      heading: 'Refund timelines',
      blocks: [
        'Refunds go back to the way you paid. After the refund is issued, the time it takes to reach your account depends on your bank or payment provider:',
        {
          table: {
            caption: 'How long a refund takes to reach you, by payment method',
            head: ['Payment method', 'Time to reach you'],
            rows: [
              ['UPI and wallets', '1-2 business days'],
              ['Credit and debit cards', '3-5 business days'],
              ['Net banking', '3-7 business days'],
              ['Haat wallet (points)', 'Instant'],
            ],
          },
        },
        'Points you used on a returned or cancelled order are given back to your Haat wallet straight away. Points earned on a returned item are removed.',
      ],
    },
    {
      id: 'shipping-charges',
      heading: 'Shipping charges on returns',
      blocks: [
        'Return pickup is free. If the whole order is returned because the item was damaged, defective or wrong, the ₹99 shipping charge (if you paid one) is refunded too. For other returns the shipping charge is not refunded.',
      ],
    },
    {
      id: 'damaged-or-wrong',
      heading: 'Damaged, defective or wrong items',
      blocks: [
        'If your parcel looks tampered with, you may refuse it at the door. If you find a problem after opening it, request a return within the 7-day window and send clear photos of the item and the packaging. We will arrange a pickup and a full refund, or a replacement where the seller has stock.',
      ],
    },
    {
      id: 'cancellations',
      heading: 'Cancelling an order',
      blocks: [
        'You can cancel an order from My Orders until it has been shipped, while it is pending, confirmed or processing. If you have already paid, the full amount is refunded within 3-5 business days using the timelines above. Once an order has been shipped, you can refuse the delivery or return it after delivery instead.',
      ],
    },
    {
      id: 'exchanges',
      heading: 'Exchanges',
      blocks: [
        'We do not offer direct exchanges for a different size or colour. Please return the item for a refund and place a new order; this is usually the fastest way to get what you need.',
      ],
    },
    {
      id: 'help',
      heading: 'Need help with a return?',
      blocks: [
        `Our support team is available 24/7. Email ${support.email} (replies within 2 hours), call ${support.phoneDisplay}, or use the contact form with the order number, and we will sort it out.`,
      ],
    },
  ],
};
