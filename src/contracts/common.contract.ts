import { z } from 'zod';
import { INDIA_STATES_AND_UTS } from '../domain/india-states';
import { parseRupees } from '../domain/money';

/** An empty or blank query value counts as not given. */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A UPI transaction reference: the 12-digit number the payment app shows. */
export const UPI_REFERENCE_DIGITS = 12;
export const UPI_REFERENCE_PATTERN = new RegExp(`^\\d{${UPI_REFERENCE_DIGITS}}$`);

/** A calendar month as YYYY-MM (India time where it counts dates), and what a query answers for anything else. */
export { YEAR_MONTH_PATTERN } from '../domain/age';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a syntactically valid UUID (so it can be compared with a uuid column without an error). */
export const isUuid = (s: string): boolean => UUID_PATTERN.test(s);

/** An Indian PIN code: six digits, the first not 0. */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;
export const PIN_CODE_MESSAGE = 'Please enter a valid 6-digit PIN code';
/** What a form says when no state or union territory is chosen, or an unknown one. */
export const STATE_MESSAGE = 'Please choose a state or union territory';

/** A list's search text: trimmed, blank is none, at most 100 characters. */
export const searchTextSchema = z.preprocess(
  blankToUndefined,
  z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
);

/** The token of an emailed link (a password reset, an invitation): 64 hex digits, else `message`. */
export const linkTokenSchema = (message: string) => z.string({ error: message }).regex(/^[0-9a-f]{64}$/, message);
export const YEAR_MONTH_MESSAGE = 'Month must be written YYYY-MM, e.g. 2026-11';

/** What a list endpoint answers for a page or page size it cannot use. */
export const pageMessages = {
  page: 'Page must be a whole number of at least 1',
  pageSize: 'Page size must be a whole number from 1 to 100',
} as const;

/** A list's page size when none is asked for. */
export const DEFAULT_PAGE_SIZE = 20;

/** Query parameters of every list endpoint. */
export const pageQuerySchema = z.object({
  page: z.coerce.number({ error: pageMessages.page }).int(pageMessages.page).min(1, pageMessages.page).default(1),
  pageSize: z.coerce
    .number({ error: pageMessages.pageSize })
    .int(pageMessages.pageSize)
    .min(1, pageMessages.pageSize)
    .max(100, pageMessages.pageSize)
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The answer of every list endpoint: `{ items, total, page, pageSize }`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export const okSchema = z.object({ ok: z.literal(true) });

/** Trimmed text that must not be empty, with the given message. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** Trimmed optional text: empty becomes undefined. */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** An optional Indian state or union territory by its name (blank is none); anything else is refused with `error`. */
export const optionalIndianState = (error: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.enum(INDIA_STATES_AND_UTS, { error }).optional());

/** An optional PIN code as typed, its spaces removed (blank is none); the caller checks its form where it must. */
export const optionalPinCode = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\s/g, '') : undefined));

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((v) => v.toLowerCase());

type TypedRupees<T> = (v: string | number, ctx: z.RefinementCtx) => T;
/**
 * Rupees as a person types them ('499', '1,499.50', grouping commas allowed) or as a JSON number, to integer
 * paise, for `.transform`: at most two decimals and `maxWholeDigits` digits before the point, else the
 * `invalid` message. Blank text is the `required` message, or `undefined` when none is given.
 */
export function typedRupees(
  messages: { invalid: string; required: string },
  maxWholeDigits?: number,
): TypedRupees<number>;
export function typedRupees(messages: { invalid: string }, maxWholeDigits?: number): TypedRupees<number | undefined>;
export function typedRupees(
  messages: { invalid: string; required?: string },
  maxWholeDigits?: number,
): TypedRupees<number | undefined> {
  return (v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim().replace(/,/g, '');
    if (text === '' && messages.required === undefined) return undefined;
    const paise = text === '' ? null : parseRupees(text, maxWholeDigits);
    if (paise === null) {
      ctx.addIssue({ code: 'custom', message: text === '' ? messages.required : messages.invalid });
      return z.NEVER;
    }
    return paise;
  };
}

/** A field's schema and the schemas inside its optional, default, preprocess and transform wrappers. */
function* layersOf(field: z.ZodType): Generator<z.ZodType> {
  yield field;
  if (field instanceof z.ZodPipe) {
    yield* layersOf(field.in as z.ZodType);
    yield* layersOf(field.out as z.ZodType);
  } else if (field instanceof z.ZodOptional || field instanceof z.ZodNullable || field instanceof z.ZodDefault) {
    yield* layersOf(field.unwrap() as z.ZodType);
  }
}

/**
 * The most characters a text field of a contract accepts (through its wrappers), so that a form's
 * `maxLength` comes from the contract instead of repeating its number.
 */
export function maxLengthOf(field: z.ZodType): number | undefined {
  for (const layer of layersOf(field)) if (layer instanceof z.ZodString) return layer.maxLength ?? undefined;
  return undefined;
}

/** The smallest and largest numbers a number field of a contract accepts (through its wrappers), for a form's `min` and `max`. */
export function numberRangeOf(field: z.ZodType): { min: number | undefined; max: number | undefined } {
  for (const layer of layersOf(field)) {
    if (layer instanceof z.ZodNumber) return { min: layer.minValue ?? undefined, max: layer.maxValue ?? undefined };
  }
  return { min: undefined, max: undefined };
}
