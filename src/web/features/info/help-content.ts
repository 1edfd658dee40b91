import { Coins, Package, RotateCcw, ShieldCheck, type LucideIcon } from 'lucide-react';

export type HelpTopic = {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  articles: number;
  /** Words people search for that should find this topic. */
  keywords: string[];
  link: { to: string; label: string };
};

export type HelpFaq = { id: string; question: string; answer: string; link?: { to: string; label: string } };

export const helpTopics: HelpTopic[] = [
  {
    id: 'orders',
    icon: Package,
    title: 'Orders & Shipping',
    description: 'Placing orders, tracking deliveries, shipping charges and orders from several shops.',
    articles: 12,
    keywords: [
      'order',
      'track',
      'tracking',
      'delivery',
      'deliver',
      'shipping',
      'courier',
      'cancel',
      'cart',
      'checkout',
      'address',
    ],
    link: { to: '/orders', label: 'Go to My Orders' },
  },
  {
    id: 'payments',
    icon: Coins,
    title: 'Payments & Points',
    description: 'Payment methods, earning and using reward points, and withdrawing points via UPI.',
    articles: 15,
    keywords: [
      'payment',
      'pay',
      'upi',
      'card',
      'net banking',
      'razorpay',
      'points',
      'rewards',
      'wallet',
      'withdraw',
      'withdrawal',
      'cashback',
      'referral',
    ],
    link: { to: '/wallet', label: 'Open my wallet' },
  },
  {
    id: 'returns',
    icon: RotateCcw,
    title: 'Returns & Refunds',
    description: 'Return requests, pickups, quality checks and how long refunds take.',
    articles: 8,
    keywords: [
      'return',
      'refund',
      'exchange',
      'pickup',
      'damaged',
      'defective',
      'wrong item',
      'replacement',
      'money back',
    ],
    link: { to: '/returns', label: 'Read the returns policy' },
  },
  {
    id: 'account',
    icon: ShieldCheck,
    title: 'Account & Security',
    description: 'Signing in, your profile and addresses, passwords and keeping your account safe.',
    articles: 10,
    keywords: [
      'account',
      'login',
      'log in',
      'sign in',
      'register',
      'password',
      'profile',
      'email',
      'phone',
      'security',
      'fraud',
      'privacy',
      'delete',
    ],
    link: { to: '/profile', label: 'Go to my profile' },
  },
];

export const helpFaqs: HelpFaq[] = [
  {
    id: 'earn-points',
    question: 'How do I earn reward points?',
    answer:
      'Every product on Haat earns reward points of 2-10% of its price, shown as an amber badge on the product. 1 point = 1 rupee. Points from an order are pending at first and become available once the order is delivered and the 7-day return window has passed. You can then use them as a discount at checkout or withdraw them.',
    link: { to: '/how-it-works', label: 'See how Haat works' },
  },
  {
    id: 'withdraw-points',
    question: 'How do I withdraw my points to my bank account?',
    answer:
      'Open your wallet, choose Withdraw, enter the number of points and your UPI ID. The minimum withdrawal is 100 points (₹100) and you can withdraw up to your available balance. Withdrawals are paid to your UPI ID within 24 hours.',
    link: { to: '/wallet', label: 'Open my wallet' },
  },
  {
    id: 'shipping-charges',
    question: 'How much does shipping cost?',
    answer:
      'Shipping is free on orders above ₹999. Orders of ₹999 or less have a shipping charge of ₹99. The shipping charge is shown in your order summary before you pay.',
  },
  {
    id: 'track-order',
    question: 'How do I track my order?',
    answer:
      'Go to My Orders and choose Track Order to see every status of your order with its date: confirmed, processing, shipped and delivered. If your order has products from several shops, each shop ships its part separately and you can follow each part.',
    link: { to: '/orders', label: 'Go to My Orders' },
  },
  {
    id: 'cancel-order',
    question: 'Can I cancel my order?',
    answer:
      'Yes, as long as the order has not been shipped (while it is pending, confirmed or processing). Open the order in My Orders and choose Cancel Order. Points you used are returned to your wallet straight away, and if you already paid, the amount is refunded to your original payment method in 3-5 business days.',
  },
  {
    id: 'return-policy',
    question: 'What is the return policy?',
    answer:
      'You can return most items within 7 days of delivery if they are unused, with tags and original packaging. Return requests are approved within 24 hours and the item is picked up from your address within 24 hours of approval. Perishable, personal-care and customised items cannot be returned unless they arrived damaged or wrong.',
    link: { to: '/returns', label: 'Read the full returns policy' },
  },
  {
    id: 'refund-time',
    question: 'When will I get my refund?',
    answer:
      'After pickup, the item is quality checked in 1-2 business days, then the refund is issued within 3-5 business days. UPI and wallets usually receive it in 1-2 days, cards in 3-5 days and net banking in 3-7 days. Refunds to your Haat wallet as points are instant.',
  },
  {
    id: 'become-vendor',
    question: 'How can I sell on Haat?',
    answer:
      'Register as a vendor with your business name, contact details and business address, then create your shop and add your products. Most vendors are approved straight away. Local businesses that take UPI payments can also join as a merchant, give cashback and earn referral points.',
    link: { to: '/become-vendor', label: 'Become a vendor' },
  },
];

/** True when every word of the query appears in one of the texts (case-insensitive). */
export function matchesQuery(query: string, texts: string[]): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.join(' \n ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}
