import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import {
  shopFormSchema,
  shopFormValues,
  shopMessages,
  type Shop,
  type ShopFormValues,
} from '../../../contracts/shops.contract';

// The Create/Edit Shop form validates with the contract the server uses: these are what vendors see.

const form = (over: Partial<ShopFormValues> = {}): ShopFormValues => ({
  ...shopFormValues(),
  shopName: 'Jaipur Handloom House',
  ...over,
});
const errorsOf = (values: ShopFormValues) => {
  const r = shopFormSchema.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the shop form', () => {
  it("starts with SPEC.md's defaults: online, delivering (a shop that does not deliver cannot sell online), 10 km, ₹0 fee, free above ₹999, no cash on delivery, reviews on, Google reviews off", () => {
    expect(shopFormValues()).toEqual({
      shopName: '',
      shopDescription: '',
      shopType: 'online',
      address: '',
      city: '',
      state: '',
      postalCode: '',
      deliveryAvailable: true,
      deliveryDistanceKm: '10',
      deliveryFee: '0',
      freeDeliveryThreshold: '999',
      codEnabled: false,
      enableReviews: true,
      googleReviewsEnabled: false,
    });
  });

  it('sends an online shop without address and without delivery numbers when delivery is not offered', () => {
    const out = shopFormSchema.parse(
      form({ address: 'left over', city: 'Jaipur', shopDescription: '  ', deliveryAvailable: false }),
    );
    expect(out).toEqual({
      shopName: 'Jaipur Handloom House',
      shopType: 'online',
      deliveryAvailable: false,
      enableReviews: true,
      googleReviewsEnabled: false,
    });
  });

  it('sends cash on delivery with the delivery settings, and leaves it out (kept as stored) when delivery is not offered', () => {
    expect(shopFormSchema.parse(form({ deliveryAvailable: true, codEnabled: true })).codEnabled).toBe(true);
    expect(shopFormSchema.parse(form({ deliveryAvailable: true, codEnabled: false })).codEnabled).toBe(false);
    expect(shopFormSchema.parse(form({ deliveryAvailable: false, codEnabled: true }))).not.toHaveProperty('codEnabled');
  });

  it('turns rupees into paise, and empty numbers into 0', () => {
    const out = shopFormSchema.parse(
      form({ deliveryAvailable: true, deliveryDistanceKm: '15', deliveryFee: '49.99', freeDeliveryThreshold: '' }),
    );
    expect(out).toMatchObject({ deliveryDistanceKm: 15, deliveryFeePaise: 4999, freeDeliveryThresholdPaise: 0 });
    expect(shopFormSchema.parse(form({ deliveryAvailable: true, deliveryFee: '' })).deliveryFeePaise).toBe(0);
  });

  it('checks the delivery numbers only when delivery is offered: whole km from 1, money from 0 in steps of 0.01', () => {
    expect(errorsOf(form({ deliveryAvailable: true, deliveryDistanceKm: '' }))).toEqual({
      deliveryDistanceKm: shopMessages.distance,
    });
    expect(errorsOf(form({ deliveryAvailable: true, deliveryDistanceKm: '2.5' }))).toEqual({
      deliveryDistanceKm: shopMessages.distance,
    });
    expect(errorsOf(form({ deliveryAvailable: true, deliveryFee: '-1' }))).toEqual({ deliveryFee: shopMessages.fee });
    expect(errorsOf(form({ deliveryAvailable: true, freeDeliveryThreshold: '10.005' }))).toEqual({
      freeDeliveryThreshold: shopMessages.paise,
    });
    expect(errorsOf(form({ deliveryAvailable: true, deliveryFee: 'abc' }))).toEqual({
      deliveryFee: 'Please enter a number',
    });
  });

  it('requires a name, and an address, city, state and postal code only for physical or both', () => {
    expect(errorsOf(form({ shopName: '  ' }))).toEqual({ shopName: shopMessages.nameRequired });
    const missing = {
      address: shopMessages.addressRequired,
      city: shopMessages.cityRequired,
      state: shopMessages.stateRequired,
      postalCode: shopMessages.postalCodeRequired,
    };
    expect(errorsOf(form({ shopType: 'physical' }))).toEqual(missing);
    expect(errorsOf(form({ shopType: 'both' }))).toEqual(missing);
    const out = shopFormSchema.parse(
      form({
        shopType: 'both',
        address: '14 Johari Bazaar',
        city: 'Jaipur',
        state: 'Rajasthan',
        postalCode: '302 003',
      }),
    );
    expect(out).toMatchObject({
      shopType: 'both',
      address: '14 Johari Bazaar',
      city: 'Jaipur',
      state: 'Rajasthan',
      postalCode: '302003',
    });
  });

  it('fills the edit form from a shop, money back in rupees', () => {
    const shop = {
      shopName: 'Tirupur Knits',
      shopDescription: null,
      shopType: 'online',
      deliveryAvailable: true,
      deliveryDistanceKm: 4,
      deliveryFeePaise: 2550,
      freeDeliveryThresholdPaise: 150000,
      codEnabled: true,
    } as Shop;
    expect(shopFormValues(shop)).toMatchObject({
      shopName: 'Tirupur Knits',
      shopDescription: '',
      deliveryDistanceKm: '4',
      deliveryFee: '25.5',
      freeDeliveryThreshold: '1500',
      codEnabled: true,
    });
  });

  it('works through react-hook-form’s zod resolver', async () => {
    const resolver = zodResolver(shopFormSchema);
    const res = await resolver(form({ shopName: '' }), undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(res.errors.shopName?.message).toBe(shopMessages.nameRequired);
  });
});
