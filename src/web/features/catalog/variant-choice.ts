import type { CardOfferData, ProductDetail, ProductDetailVariant } from '../../../contracts/catalog.contract';
import { chooseOptionMessage, normaliseOption } from '../../../domain/variants';

// The product page's choice of size and colour, without React: which variant a choice names, which
// values are sold out given the other chosen value, what the page shows for it and how the address keeps it.

/** The values chosen so far (null: not yet). */
export type VariantChoice = { option1Value: string | null; option2Value: string | null };
export type ChoiceProduct = Pick<ProductDetail, 'options' | 'variants'>;
/** Whether a value can be chosen: some variant in stock, all sold out, or no variant at all with the other chosen value. */
export type ValueState = 'available' | 'soldOut' | 'unavailable';
export type OptionIndex = 0 | 1;

export const noChoice: VariantChoice = { option1Value: null, option2Value: null };

const same = (a: string, b: string) => normaliseOption(a) === normaliseOption(b);
const valueAt = (v: Pick<ProductDetailVariant, 'option1Value' | 'option2Value'>, i: OptionIndex) =>
  i === 0 ? v.option1Value : v.option2Value;
const chosenAt = (c: VariantChoice, i: OptionIndex) => (i === 0 ? c.option1Value : c.option2Value);
const withValue = (c: VariantChoice, i: OptionIndex, value: string | null): VariantChoice =>
  i === 0 ? { ...c, option1Value: value } : { ...c, option2Value: value };

/** The variants that agree with every value chosen so far. */
export function matchingVariants(p: ChoiceProduct, choice: VariantChoice): ProductDetailVariant[] {
  return p.variants.filter((v) =>
    p.options.every((_, i) => {
      const chosen = chosenAt(choice, i as OptionIndex);
      const value = valueAt(v, i as OptionIndex);
      return chosen === null || (value !== null && same(value, chosen));
    }),
  );
}

/** Whether every option has a value. */
export const isComplete = (p: ChoiceProduct, choice: VariantChoice): boolean =>
  p.options.every((_, i) => chosenAt(choice, i as OptionIndex) !== null);

/** The variant a complete choice names, or null (incomplete, or a combination not on sale). */
export function chosenVariant(p: ChoiceProduct, choice: VariantChoice): ProductDetailVariant | null {
  if (p.options.length === 0 || !isComplete(p, choice)) return null;
  return matchingVariants(p, choice)[0] ?? null;
}

/** Whether `value` of option `index` can be bought with the value chosen for the other option (if any). */
export function valueState(p: ChoiceProduct, index: OptionIndex, value: string, choice: VariantChoice): ValueState {
  const candidates = matchingVariants(p, withValue(choice, index, value));
  if (candidates.length === 0) return 'unavailable';
  return candidates.some((v) => v.stockQuantity > 0) ? 'available' : 'soldOut';
}

/**
 * The choice after picking `value` for option `index`. When no variant has it with the other value
 * chosen, the other value is let go (the customer picks it again among those that exist).
 */
export function chooseValue(p: ChoiceProduct, choice: VariantChoice, index: OptionIndex, value: string): VariantChoice {
  const next = withValue(choice, index, value);
  return matchingVariants(p, next).length > 0 ? next : withValue(noChoice, index, value);
}

/** 'Please choose a size' (domain/variants.ts) while the choice is incomplete; null once it is complete or there are no options. */
export function missingChoiceMessage(p: ChoiceProduct, choice: VariantChoice): string | null {
  if (p.options.length === 0 || isComplete(p, choice)) return null;
  return chooseOptionMessage(
    { option1Name: p.options[0]?.name ?? null, option2Name: p.options[1]?.name ?? null },
    choice,
  );
}

/** The address parameter of an option: 'size' for Size, 'colour' for Colour. */
export const optionParam = (name: string): string => normaliseOption(name);

/**
 * The choice an address holds: `?size=M&colour=Indigo` (any case), or `?variant=<id>`. A value the
 * product does not have is ignored.
 */
export function choiceFromParams(p: ChoiceProduct, params: URLSearchParams): VariantChoice {
  const byId = params.get('variant');
  const variant = byId ? p.variants.find((v) => v.id === byId) : undefined;
  if (variant)
    return { option1Value: variant.option1Value, option2Value: p.options.length > 1 ? variant.option2Value : null };
  const read = (i: OptionIndex): string | null => {
    const option = p.options[i];
    const given = option ? params.get(optionParam(option.name)) : null;
    return (given && option?.values.find((v) => same(v, given))) || null;
  };
  return { option1Value: read(0), option2Value: read(1) };
}

/** The address parameters for a choice, keeping the address's other parameters. */
export function choiceToParams(p: ChoiceProduct, choice: VariantChoice, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete('variant');
  p.options.forEach((option, i) => {
    const value = chosenAt(choice, i as OptionIndex);
    if (value === null) next.delete(optionParam(option.name));
    else next.set(optionParam(option.name), value);
  });
  return next;
}

/** What the page shows for the current choice: price, stock, points for one unit and pictures. */
export type ShownOffer = {
  variant: ProductDetailVariant | null;
  pricePaise: number;
  originalPricePaise: number | null;
  discountPercent: number;
  /** The variants left open cost different amounts: the price shown is the lowest ('From ₹…'). */
  fromPrice: boolean;
  /** The automatic promotions' offer on the price shown (its variant's, or the cheapest open one's); null for none. */
  promotion: CardOfferData | null;
  stockQuantity: number;
  pointsPerUnit: number;
  images: string[];
};

const MAX_GALLERY = 10;
const gallery = (first: string[], then: string[]) => [...new Set([...first, ...then])].slice(0, MAX_GALLERY);

/**
 * The offer for a choice: a chosen variant's own; otherwise, over the variants still open, their
 * stock together and the lowest price among those in stock. A variant's pictures come first, then
 * the product's; with only one value chosen (a colour), the pictures of the first variant that has it.
 */
export function shownOffer(p: ProductDetail, choice: VariantChoice): ShownOffer {
  const product = {
    pricePaise: p.pricePaise,
    originalPricePaise: p.originalPricePaise,
    discountPercent: p.discountPercent,
    // Points are earned on what is paid after promotions: on the offer price when there is one.
    pointsPerUnit: p.offer?.pointsEarned ?? p.pointsEarned,
  };
  if (p.options.length === 0)
    return {
      ...product,
      variant: null,
      fromPrice: false,
      promotion: p.offer,
      stockQuantity: p.stockQuantity,
      images: p.images,
    };
  const variant = chosenVariant(p, choice);
  if (variant) {
    const { pricePaise, originalPricePaise, discountPercent, pointsEarned, stockQuantity } = variant;
    return {
      variant,
      pricePaise,
      originalPricePaise,
      discountPercent,
      pointsPerUnit: variant.offer?.pointsEarned ?? pointsEarned,
      fromPrice: false,
      promotion: variant.offer,
      stockQuantity,
      images: gallery(variant.images, p.images),
    };
  }
  const open = matchingVariants(p, choice);
  if (open.length === 0)
    return { ...product, variant: null, fromPrice: false, promotion: null, stockQuantity: 0, images: p.images };
  const inStock = open.filter((v) => v.stockQuantity > 0);
  const cheapest = (inStock.length > 0 ? inStock : open).reduce((a, b) => (b.pricePaise < a.pricePaise ? b : a));
  const fromPrice = new Set(open.map((v) => v.pricePaise)).size > 1;
  const partial = choice.option1Value !== null || choice.option2Value !== null;
  const pictures = partial ? (open.find((v) => v.images.length > 0)?.images ?? []) : [];
  return {
    variant: null,
    pricePaise: cheapest.pricePaise,
    originalPricePaise: fromPrice ? null : cheapest.originalPricePaise,
    discountPercent: fromPrice ? 0 : cheapest.discountPercent,
    pointsPerUnit: cheapest.offer?.pointsEarned ?? cheapest.pointsEarned,
    fromPrice,
    promotion: cheapest.offer,
    stockQuantity: open.reduce((sum, v) => sum + v.stockQuantity, 0),
    images: gallery(pictures, p.images),
  };
}
