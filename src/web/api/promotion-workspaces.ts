import type { PromotionProductChoices, PromotionShopChoices } from '../../contracts/promotions.contract';
import type { Page } from '../../contracts/common.contract';
import type { Shop } from '../../contracts/shops.contract';
import type { VendorProduct, VendorProductPage, VendorProductVariant } from '../../contracts/vendor-products.contract';
import { api, toQuery } from './client';

/** One choice of a promotion's picker: its id and what the person choosing reads. */
export type Choice = { id: string; label: string };

/**
 * A product a picker's search finds: its choice ('Kurta · Kala Crafts'), its own name, and its variants
 * on sale (sizes and colours) as choices ('Red / M'), none for a product without.
 */
export type ProductChoice = Choice & { name: string; variants: Choice[] };

/** A search of a picker: its legend, its search box's label and the search itself. */
type Picker<C extends Choice> = { legend: string; searchLabel: string; search: (q: string) => Promise<C[]> };

/** A variant as a tick names it: its values, 'Red / M' (the option names are the product's). */
export const variantChoice = (v: Pick<VendorProductVariant, 'id' | 'option1Value' | 'option2Value'>): Choice => ({
  id: v.id,
  label: v.option2Value === null ? v.option1Value : `${v.option1Value} / ${v.option2Value}`,
});

/**
 * Where one Promotions screen works: the super admin's (Haat pays) or a vendor's (the vendor acted for
 * pays, on its own products). One list, form and pickers serve both; this says what differs.
 */
export type PromotionWorkspace = {
  /** The promotions' API: the list, create, edit, pause, resume and end. */
  basePath: '/api/admin/promotions' | '/api/vendor/promotions';
  /** The list's query key (invalidated after every change). */
  queryKey: readonly string[];
  /** The pickers' searches' query key. */
  scopeKey: readonly string[];
  /**
   * Who pays: Haat (a large promotion is saved only with a fresh authenticator code) or the vendor
   * acted for (the server sets it anyway).
   */
  funder: { by: 'haat' } | { by: 'vendor'; vendorId: string };
  /** Whether the list is exported as CSV. */
  csv: boolean;
  /** The group of the tab's toasts. */
  notifyAction: string;
  /** The tab's lead, under its title. */
  lead: string;
  /** After "Funded by:" in the form. */
  funderText: string;
  /** What each scope covers, as the form's "Covers" choices say it. */
  scopeLabels: Record<'cart' | 'categories' | 'shops' | 'products', string>;
  /** The shop and product pickers: their legend, their search box's label and the search itself. */
  pickers: { shops: Picker<Choice>; products: Picker<ProductChoice> };
};

/**
 * The products an admin search finds (GET /api/admin/promotions/products?q=, the Promotions
 * permission's own), as choices: 'Kurta · Kala Crafts', each with its variants.
 */
async function findProducts(q: string): Promise<ProductChoice[]> {
  const found = await api.get<PromotionProductChoices>(`/api/admin/promotions/products${toQuery({ q })}`);
  return found.items.map((p) => ({
    id: p.id,
    name: p.name,
    label: `${p.name} · ${p.shopName}`,
    variants: p.variants.map(variantChoice),
  }));
}

/** The shops whose name holds the text (GET /api/admin/promotions/shops?q=). */
async function findShops(q: string): Promise<Choice[]> {
  const found = await api.get<PromotionShopChoices>(`/api/admin/promotions/shops${toQuery({ q })}`);
  return found.items.map((s) => ({ id: s.id, label: s.shopName }));
}

/** The super admin's promotions, paid by Haat. */
export const adminPromotions: PromotionWorkspace = {
  basePath: '/api/admin/promotions',
  queryKey: ['admin', 'promotions'],
  scopeKey: ['admin', 'promotion-scope'],
  funder: { by: 'haat' },
  csv: true,
  notifyAction: 'admin-promotions',
  lead: 'Coupon codes shoppers type at checkout and discounts that apply by themselves. Haat pays for them.',
  funderText: 'Paid by Haat',
  scopeLabels: {
    cart: 'The whole cart',
    categories: 'Chosen categories',
    shops: 'Chosen shops',
    products: 'Chosen products',
  },
  pickers: {
    shops: { legend: 'Shops', searchLabel: 'Find shops by name', search: findShops },
    products: {
      legend: 'Products',
      searchLabel: 'Find products by name',
      search: findProducts,
    },
  },
};

/** A vendor's product as a picker's choice, with its variants on sale: 'Kurta · Kala Crafts'. */
const ownProductChoice = (p: VendorProduct): ProductChoice => ({
  id: p.id,
  name: p.name,
  label: `${p.name} · ${p.storeName}`,
  variants: p.variants.map(variantChoice),
});

/** The vendor's own products its search finds (GET /api/vendor/products?q=), each with its variants. */
async function findOwnProducts(q: string): Promise<ProductChoice[]> {
  const page = await api.get<VendorProductPage>(`/api/vendor/products${toQuery({ q, pageSize: 10 })}`);
  return page.items.map(ownProductChoice);
}

/** The vendor's own shops whose name holds the text (GET /api/vendor/shops). */
async function findOwnShops(q: string): Promise<Choice[]> {
  const page = await api.get<Page<Shop>>('/api/vendor/shops?pageSize=100');
  const text = q.toLocaleLowerCase('en-IN');
  return page.items
    .filter((s) => s.shopName.toLocaleLowerCase('en-IN').includes(text))
    .map((s) => ({ id: s.id, label: s.shopName }));
}

/** A vendor's own promotions, paid by the vendor acted for (`vendorId`), on its own products only. */
export const vendorPromotions = (vendorId: string): PromotionWorkspace => ({
  basePath: '/api/vendor/promotions',
  queryKey: ['vendor-promotions', vendorId],
  scopeKey: ['vendor-promotion-scope', vendorId],
  funder: { by: 'vendor', vendorId },
  csv: false,
  notifyAction: 'vendor-promotions',
  lead:
    'Coupon codes shoppers type at checkout and discounts that apply by themselves, on your own products. ' +
    'You pay for them: your invoice shows the discount.',
  funderText: "Paid by you (your shop's invoice shows the discount)",
  scopeLabels: {
    cart: 'All your products',
    categories: 'Your products in chosen categories',
    shops: 'Your chosen shops',
    products: 'Your chosen products',
  },
  pickers: {
    shops: { legend: 'Your shops', searchLabel: 'Find your shops by name', search: findOwnShops },
    products: {
      legend: 'Your products',
      searchLabel: 'Find your products by name',
      search: findOwnProducts,
    },
  },
});
