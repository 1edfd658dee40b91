// A product's options (up to two, such as Size and Colour) and its variants (one per combination of
// option values, each with its own SKU and stock, and optionally its own price and pictures).

/** The most options a product may have. */
export const MAX_PRODUCT_OPTIONS = 2;
/** The most values one option may have. */
export const MAX_OPTION_VALUES = 20;
/** The most variants (combinations) a product may have. */
export const MAX_PRODUCT_VARIANTS = 100;

export type OptionNames = { option1Name: string | null; option2Name: string | null };
export type OptionValues = { option1Value: string; option2Value: string | null };

/** Option names and values are compared without case or surrounding spaces ('Size' = ' size '). */
export const normaliseOption = (s: string): string => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** The search key of one option value: 'size=m'. */
export const optionKey = (name: string, value: string): string => `${normaliseOption(name)}=${normaliseOption(value)}`;

/** The search keys of a variant (['size=m', 'colour=indigo']), which the storefront's filter matches. */
export function optionKeys(names: OptionNames, values: OptionValues): string[] {
  const keys: string[] = [];
  if (names.option1Name) keys.push(optionKey(names.option1Name, values.option1Value));
  if (names.option2Name && values.option2Value !== null) keys.push(optionKey(names.option2Name, values.option2Value));
  return keys;
}

/** What a customer, a vendor and the super admin read for a variant: 'Size: M · Colour: Indigo'. */
export function variantLabel(names: OptionNames, values: OptionValues): string {
  const parts: string[] = [];
  if (names.option1Name) parts.push(`${names.option1Name}: ${values.option1Value}`);
  if (names.option2Name && values.option2Value !== null) parts.push(`${names.option2Name}: ${values.option2Value}`);
  return parts.join(' · ');
}

/** The key of a combination within a product, the same whatever the case of the values. */
export const combinationKey = (values: OptionValues): string =>
  `${normaliseOption(values.option1Value)}|${values.option2Value === null ? '' : normaliseOption(values.option2Value)}`;

/** The message for a product with options added without a complete choice: 'Please choose a size'. */
export function chooseOptionMessage(
  names: OptionNames,
  chosen: { option1Value?: string | null; option2Value?: string | null } = {},
): string {
  const missing = [
    names.option1Name && !chosen.option1Value ? names.option1Name : null,
    names.option2Name && !chosen.option2Value ? names.option2Name : null,
  ].filter((n): n is string => Boolean(n));
  const list =
    missing.length > 0 ? missing : [names.option1Name, names.option2Name].filter((n): n is string => Boolean(n));
  return `Please choose a ${list.map((n) => n.toLowerCase()).join(' and a ')}`;
}
