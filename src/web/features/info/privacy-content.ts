import type { PolicyContent } from './policy-document';
import { support } from './support-contacts';

export const privacyContent: PolicyContent = {
  title: 'Privacy Policy',
  lead: 'How Haat collects, uses, shares and protects your personal data, and the choices you have.',
  updated: '1 Nov 2026',
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      blocks: [
        `Haat (haat.in) is an online marketplace operated by ${support.company}, ${support.addressLines.slice(0, 2).join(', ')}. We are the data fiduciary for the personal data described in this policy under the Digital Personal Data Protection Act, 2023 and the Information Technology Act, 2000.`,
        'This policy applies to customers, vendors and merchants who use our website and apps. By creating an account or placing an order you agree to the practices described here.',
      ],
    },
    {
      id: 'data-we-collect',
      heading: 'Information we collect',
      blocks: [
        { subheading: 'Information you give us' },
        {
          list: [
            'Account details: your name, email address, mobile number, date of birth, gender and password (we store only a secure hash of it, never the password itself).',
            'Delivery addresses, including landmarks you choose to add.',
            'Vendor and merchant details: business name, business address, UPI ID, WhatsApp number, website and shop information.',
            'UPI IDs you enter to withdraw reward points.',
            'Messages you send us through the contact form, email, phone or chat, and reviews you write.',
          ],
        },
        { subheading: 'Information created when you use Haat' },
        {
          list: [
            'Your orders, cart, reward points, referrals and withdrawals.',
            'Technical data such as your IP address, browser and device type, and the date and time of your visits, which we use to keep your account secure.',
          ],
        },
        { subheading: 'Information from others' },
        'Our payment partner tells us whether a payment succeeded and gives us a payment reference. Card numbers, CVV, UPI PINs and net banking passwords are entered directly with the payment partner and are never seen or stored by Haat.',
      ],
    },
    {
      id: 'how-we-use',
      heading: 'How we use your information',
      blocks: [
        {
          list: [
            'To create and manage your account and sign you in.',
            'To process, deliver and support your orders, returns and refunds.',
            'To calculate, credit and pay out reward points, cashback and referral rewards.',
            'To prevent fraud and abuse, for example duplicate accounts or self-referrals.',
            'To answer your questions and send you service messages about your orders and account.',
            'To improve Haat, using aggregated information that does not identify you.',
            'To meet our legal obligations, such as tax records and responding to lawful requests from authorities.',
          ],
        },
        'We send promotional messages only if you have agreed to receive them, and you can opt out at any time.',
      ],
    },
    {
      id: 'sharing',
      heading: 'How we share information',
      blocks: [
        'We do not sell your personal data. We share it only where it is needed to provide the service:',
        {
          list: [
            'With the vendor who fulfils your order: your name, delivery address and phone number, so they can ship and deliver it.',
            'With merchants you pay: only what is needed to credit your cashback.',
            'With our payment partner, to process payments and refunds.',
            'With courier and logistics partners, to deliver and pick up parcels.',
            'With service providers who host our systems or help us with support, under contracts that require them to protect your data.',
            'With government or law enforcement authorities when the law requires it.',
          ],
        },
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      blocks: [
        'We use a secure session cookie to keep you signed in and to protect your account against cross-site attacks. Without it you cannot log in. We do not use advertising cookies. If you block cookies in your browser, you can still browse products but cannot sign in or place orders.',
      ],
    },
    {
      id: 'security',
      heading: 'How we protect your data',
      blocks: [
        {
          list: [
            'All traffic between your device and Haat is encrypted with HTTPS.',
            'Passwords are stored only as strong one-way hashes.',
            'Sessions expire and end when you log out, change your password or when an account is suspended.',
            'Payment gateway secrets are encrypted at rest, and administrator access requires two-factor authentication.',
            'Access to personal data within our team is limited to people who need it for their work.',
          ],
        },
        'No system is perfectly secure. If we become aware of a breach that affects your personal data, we will inform you and the Data Protection Board of India as the law requires.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep data',
      blocks: [
        'We keep your account data while your account is active. Order, payment and reward point records are kept for 8 years to meet tax and accounting laws. Contact messages are kept for up to 2 years. When data is no longer needed, we delete or anonymise it.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      blocks: [
        'Under Indian law you have the right to:',
        {
          list: [
            'Access a summary of the personal data we hold about you.',
            'Correct or update inaccurate or incomplete data; most details can be changed in your profile.',
            'Ask us to erase your data, except records we must keep by law.',
            'Withdraw consent you gave us, for example for promotional messages.',
            'Nominate a person to exercise your rights in case of death or incapacity.',
            'Raise a grievance with us and, if unresolved, with the Data Protection Board of India.',
          ],
        },
        `To use any of these rights, write to ${support.privacyEmail}. We reply within 30 days.`,
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        'Haat accounts are for people aged 18 and above. We do not knowingly collect personal data from children. If you believe a child has created an account, please contact us and we will delete it.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        'We may update this policy when our services or the law change. The date at the top shows the latest version. For important changes we will notify you by email or on the website before they take effect.',
      ],
    },
    {
      id: 'grievance-officer',
      heading: 'Grievance Officer',
      blocks: [
        `For any complaint or question about your personal data, contact our Grievance Officer at ${support.privacyEmail} or by post at ${support.company}, ${support.addressLines.join(', ')}. We acknowledge complaints within 24 hours and resolve them within 15 days.`,
      ],
    },
  ],
};
