// An amount in Indian words, for tax invoices: "Rupees One Thousand Two Hundred and Fifty Only".
// Style: Indian numbering (thousand, lakh, crore; a crore count of a hundred or more is itself said in
// words: "One Thousand Crore"); singular scale words ("Two Lakh"); no hyphens ("Twenty Three"); "and"
// before the last part under a hundred when a larger part precedes it ("One Thousand and Five");
// paise after "and Paise", as on Indian cheques and invoices, so that ₹100.50 ("Rupees One Hundred and
// Paise Fifty Only") never reads like ₹150 ("Rupees One Hundred and Fifty Only"); zero rupees are said
// ("Rupees Zero and Paise Fifty Only", "Rupees Zero Only").
import { PAISE_PER_RUPEE } from './money';

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** The scale words, largest first, each with how many units it counts. */
const SCALES: readonly [string, number][] = [
  ['Crore', 10_000_000],
  ['Lakh', 100_000],
  ['Thousand', 1_000],
  ['Hundred', 100],
];

/** 1-99 in words. */
function belowHundred(n: number): string {
  if (n < ONES.length) return ONES[n];
  const tens = TENS[Math.floor(n / 10)];
  return n % 10 === 0 ? tens : `${tens} ${ONES[n % 10]}`;
}

/** A positive whole number in Indian words. */
function words(n: number): string {
  const parts: string[] = [];
  let rest = n;
  for (const [name, unit] of SCALES) {
    if (rest < unit) continue;
    const count = Math.floor(rest / unit);
    parts.push(`${unit === SCALES[0][1] ? words(count) : belowHundred(count)} ${name}`);
    rest -= count * unit;
  }
  if (rest > 0) parts.push(parts.length > 0 ? `and ${belowHundred(rest)}` : belowHundred(rest));
  return parts.join(' ');
}

/** Integer paise in words for an invoice: "Rupees One Lakh Twenty Three Thousand and Forty Five and Paise Fifty Only". */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / PAISE_PER_RUPEE);
  const rest = paise % PAISE_PER_RUPEE;
  const rupeeWords = rupees === 0 ? 'Zero' : words(rupees);
  if (rest === 0) return `Rupees ${rupeeWords} Only`;
  return `Rupees ${rupeeWords} and Paise ${belowHundred(rest)} Only`;
}
