import type { PolicyContent } from './policy-document';
import { support } from './support-contacts';

export const termsContent: PolicyContent = {
  title: 'Terms of Service',
  lead: 'The rules for using Haat as a customer, vendor or merchant. Please read them carefully.',
  updated: '1 Nov 2026',
  sections: [
    {
      id: 'acceptance',
      heading: 'About these terms',
      blocks: [
        `These terms are an agreement between you and ${support.company} ("Haat", "we", "us"), which operates the Haat marketplace at haat.in. By creating an account, placing an order or listing products you accept these terms, our Privacy Policy and our Returns & Refunds Policy.`,
        'Haat is a marketplace: products are sold by independent vendors, who are responsible for their listings, the quality of their goods and fulfilling their orders. Haat provides the platform, payments, reward points and customer support.',
      ],
    },
    {
      id: 'eligibility',
      heading: 'Eligibility and accounts',
      blocks: [
        {
          list: [
            'You must be at least 18 years old and able to enter into a binding contract under Indian law to hold a Haat account.',
            'One account per person. Creating several accounts, for example to collect extra points or referral rewards, is not allowed.',
            'The details you give us must be true, complete and kept up to date.',
            'You are responsible for keeping your password secret and for everything done through your account. Tell us straight away if you think someone else has used it.',
            'Vendors and merchants must be legitimate businesses and hold any registrations, licences and tax registrations their business requires.',
          ],
        },
      ],
    },
    {
      id: 'orders-and-prices',
      heading: 'Orders, prices and payment',
      blocks: [
        {
          list: [
            'All prices are in Indian rupees (₹) and include applicable taxes unless stated otherwise.',
            'Shipping is free on orders above ₹999; otherwise a shipping charge of ₹99 applies. The charge is shown before you pay.',
            'An order is accepted when payment is confirmed. If a product cannot be supplied, the vendor may cancel it and you receive a full refund.',
            'Payments are processed by our payment partner. Haat never stores your card details or UPI PIN.',
            'You can cancel an order until it is shipped. Returns follow our Returns & Refunds Policy.',
            'If a price is clearly wrong because of an error, we or the vendor may cancel the order and refund you in full.',
          ],
        },
      ],
    },
    {
      id: 'reward-points',
      heading: 'Reward points',
      blocks: [
        {
          list: [
            'Points are earned on eligible purchases at the rate shown on each product, generally 2-10% of the price. 1 point is worth ₹1.',
            'Points from an order are pending until the order is delivered and the 7-day return window has passed. Only available points can be used or withdrawn.',
            'Available points can be used as a discount at checkout, up to your available balance and the order total.',
            'Available points can be withdrawn to a UPI ID in your own name, at least 100 points per withdrawal. Withdrawals are normally paid within 24 hours.',
            'If an order is cancelled or returned, points earned on it are removed, and points you used on it are given back.',
            'Points are personal: they cannot be transferred, sold or combined between accounts, and have no value outside Haat other than through withdrawal.',
            'Points obtained through fraud, abuse, duplicate accounts or errors may be removed, and withdrawals may be held while we investigate.',
          ],
        },
      ],
    },
    {
      id: 'referrals-and-cashback',
      heading: 'Referrals and cashback',
      blocks: [
        {
          list: [
            'You cannot refer yourself, another account of yours, or use your own email address or phone number as a referral.',
            'A person or business can have only one referrer.',
            'A referral reward is given once, after the referred party meets the activity requirements shown in your dashboard.',
            'Merchants must record only genuine UPI payments actually received from the customer named. Cashback is credited to the customer as points at the merchant\u2019s cashback rate.',
          ],
        },
      ],
    },
    {
      id: 'sellers',
      heading: 'Vendor and merchant obligations',
      blocks: [
        {
          list: [
            'Listings must be accurate, including photos, prices, stock and the description of the product.',
            'Sellers must ship orders promptly, keep the order status up to date and honour the Returns & Refunds Policy.',
            'Counterfeit, illegal, hazardous or restricted products may not be listed.',
            'Sellers are responsible for the taxes on their sales and for complying with consumer protection law, including the Consumer Protection (E-Commerce) Rules, 2020.',
          ],
        },
      ],
    },
    {
      id: 'prohibited-use',
      heading: 'Prohibited use',
      blocks: [
        'You agree not to:',
        {
          list: [
            'break any law or infringe anyone\u2019s rights through Haat;',
            'post false, misleading, abusive or offensive content, including fake reviews;',
            'interfere with the security of Haat, try to access accounts or data that are not yours, or use automated tools to scrape or overload the site;',
            'manipulate prices, orders, points, referrals or cashback.',
          ],
        },
      ],
    },
    {
      id: 'suspension',
      heading: 'Suspension and closing your account',
      blocks: [
        'We may suspend or close an account that breaks these terms, with notice where the law requires. A suspended account cannot sign in. Points gained through a breach may be cancelled. You can close your account at any time by contacting support; available points should be withdrawn first.',
      ],
    },
    {
      id: 'liability',
      heading: 'Liability',
      blocks: [
        'We work hard to keep Haat available and accurate, but we cannot guarantee that it will always be error-free or uninterrupted. To the extent the law allows, our liability for any claim related to an order is limited to the amount you paid for that order. Nothing in these terms limits your rights as a consumer under Indian law.',
      ],
    },
    {
      id: 'law-and-disputes',
      heading: 'Governing law and disputes',
      blocks: [
        'These terms are governed by the laws of India. Please contact our support team first; most problems are solved quickly. Disputes that cannot be resolved are subject to the jurisdiction of the courts in Bengaluru, Karnataka, without affecting your right to approach a consumer commission.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes and contact',
      blocks: [
        `We may update these terms from time to time. We will tell you about important changes before they take effect; continuing to use Haat afterwards means you accept them. Questions about these terms? Write to ${support.email}.`,
      ],
    },
  ],
};
