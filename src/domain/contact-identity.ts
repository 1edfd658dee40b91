// What makes two contact details the same person's, for the self-referral rule: one mailbox reached
// under several spellings, one phone written in several formats.

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an email address delivers to: lowercase, without a `+tag`, and for Gmail (gmail.com
 * and googlemail.com, which are one service) without dots in the name. `Mee.Ra+x@GoogleMail.com`
 * and `meera@gmail.com` are one mailbox.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let name = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = name.indexOf('+');
  // A name that is all tag (`+x@...`) stays as it is rather than collapsing to nothing.
  if (plus > 0) name = name.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    name = name.replaceAll('.', '') || name;
  }
  return `${name}@${domain}`;
}

/**
 * The number a phone reaches, as digits: spaces, dashes, brackets and the Indian prefixes written
 * before the 10 digits (`+91`, `91`, `0`, `0091`) are dropped. `+91 98450-12345`, `098450 12345`
 * and `9845012345` are one phone.
 */
export function phoneOf(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  while (digits.length > 10 && (digits.startsWith('0') || digits.startsWith('91')))
    digits = digits.slice(digits.startsWith('0') ? 1 : 2);
  return digits;
}

/** True when the two emails reach one mailbox. */
export function sameMailbox(a: string, b: string): boolean {
  return mailboxOf(a) === mailboxOf(b);
}

/** True when the two phones are one number; an empty or missing phone matches nothing. */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = phoneOf(a ?? '');
  const y = phoneOf(b ?? '');
  return x !== '' && x === y;
}
