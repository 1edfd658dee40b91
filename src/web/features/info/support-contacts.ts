/** Haat's customer support channels, shown on the Help, Contact and policy pages. */
export const support = {
  email: 'support@haat.in',
  privacyEmail: 'privacy@haat.in',
  vendorEmail: 'sellers@haat.in',
  phoneDisplay: '1800 572 4228',
  phoneHref: 'tel:+9118005724228',
  whatsappHref: 'https://wa.me/918045724228',
  company: 'Haat Marketplace Private Limited',
  addressLines: ['3rd Floor, Prestige Meridian, 29 MG Road', 'Bengaluru, Karnataka 560001', 'India'],
  supportHours: 'Customer support: 24/7, every day of the year',
  officeHours: 'Office: Monday to Saturday, 9:30 am to 6:30 pm IST',
  emailReply: 'Replies within 2 hours',
  chatWait: 'Average wait under 5 minutes',
} as const;
