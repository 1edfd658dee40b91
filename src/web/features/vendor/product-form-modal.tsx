import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import { mediaMessages } from '../../../contracts/media.contract';
import { shopMessages, type Shop } from '../../../contracts/shops.contract';
import {
  DEFAULT_REWARD_PERCENTAGE,
  MAX_STOCK,
  vendorProductInputSchema,
  vendorProductMessages as m,
  type VendorProduct,
  type VendorProductData,
  type ProductPayload,
  type ProductVariantData,
  type ProductVariantInput,
  type VendorProductInput,
} from '../../../contracts/vendor-products.contract';
import { hsnOptionLabel, type HsnCodeList } from '../../../contracts/settlement-rates.contract';
import { rupeesForInput, toRupees } from '../../../domain/money';
import { combinationKey } from '../../../domain/variants';
import { ApiError } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Input, Select, Textarea } from '../../ui/Field';
import { formatDate } from '../../ui/format-date';
import { Modal } from '../../ui/Modal';
import { notify } from '../../ui/notify';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { useCategories } from '../../api/catalog';
import { uploadImage } from '../../api/upload-image';
import { ImageUploader, imageItemFromUrl, releasePreviews, type ImageItem } from '../../ui/ImageUploader';
import { ProductOptionsEditor, type VariantPictures } from './product-options-editor';
import { pluralOf, rowKey, stockSum } from './product-options';
import { useVendorShops } from './use-vendor-shops';
import { ReviewBadge } from './vendor-products-card';
import {
  createProduct,
  deleteProduct,
  refreshAfterProductChange,
  updateProduct,
  useHsnCodes,
} from './vendor-products-api';

const fieldNames = [
  'name',
  'description',
  'price',
  'originalPrice',
  'stockQuantity',
  'rewardPercentage',
  'categoryId',
  'storeId',
  'hsnCode',
] as const;

function toForm(p: VendorProduct | null): VendorProductInput {
  if (!p) {
    return {
      name: '',
      description: '',
      price: '',
      originalPrice: '',
      stockQuantity: '0',
      rewardPercentage: String(DEFAULT_REWARD_PERCENTAGE),
      categoryId: '',
      storeId: '',
      hsnCode: '',
      options: [],
      variants: [],
    };
  }
  // A change waiting for review: the form starts from what was proposed, so saving keeps it.
  const proposed = p.review.proposed ?? {};
  return {
    name: proposed.name ?? p.name,
    description: proposed.description ?? p.description,
    price: String(toRupees(p.pricePaise)),
    originalPrice: p.originalPricePaise === null ? '' : String(toRupees(p.originalPricePaise)),
    // With options this is the combinations' sum (hidden); it becomes the product's own stock if the options go.
    stockQuantity: String(Math.min(p.stockQuantity, MAX_STOCK)),
    options: p.options.map((o) => ({ name: o.name, values: [...o.values] })),
    variants: p.variants.map((v) => ({
      option1Value: v.option1Value,
      option2Value: v.option2Value,
      sku: v.sku,
      stockQuantity: String(v.stockQuantity),
      price: rupeesForInput(v.pricePaise),
      originalPrice: rupeesForInput(v.originalPricePaise),
    })),
    rewardPercentage: String(p.rewardPercentage),
    categoryId: proposed.categoryId ?? p.categoryId,
    storeId: p.storeId,
    hsnCode: (proposed.hsnCode === undefined ? p.hsnCode : proposed.hsnCode) ?? '',
  };
}

/** The pictures the editor starts from: a change waiting for review shows its proposed ones. */
const galleryOf = (p: VendorProduct | null): string[] => (p ? (p.review.proposed?.images ?? p.images) : []);

/** Which gallery items each combination of the product shows (its pictures are gallery pictures, matched by URL). */
function picturesOf(p: VendorProduct | null, items: ImageItem[]): VariantPictures {
  const keyOf = new Map(items.map((i) => [i.url, i.key]));
  const out: VariantPictures = {};
  for (const v of p?.variants ?? [])
    out[combinationKey(v)] = v.images.map((url) => keyOf.get(url)).filter((k): k is string => Boolean(k));
  return out;
}

/** The combinations with their chosen pictures' URLs, once every picture has one (in the gallery's order). */
function withPictures(
  variants: ProductVariantData[],
  pictures: VariantPictures,
  urlOf: Map<string, string>,
  order: string[],
): ProductVariantData[] {
  return variants.map((v) => {
    const keys = pictures[rowKey(v)] ?? [];
    return {
      ...v,
      images: order
        .filter((k) => keys.includes(k))
        .map((k) => urlOf.get(k))
        .filter((u): u is string => Boolean(u)),
    };
  });
}

/** What went wrong, for 'Failed to save product: {msg}': the API's message, or SPEC.md's fallback when the server failed. */
const reasonOf = (e: unknown, fallback: string) => (e instanceof ApiError && e.status < 500 ? e.message : fallback);

/** The form's place while what it needs loads. */
export function ProductFormSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label}>
      <div className="space-y-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-10 w-2/3" />
      </div>
    </LoadingRegion>
  );
}

type ProductFormModalProps = { open: boolean; onClose: () => void; product: VendorProduct | null };

/** A shop the product may be sold through: the form's shop choice. */
export type ProductShopChoice = Pick<Shop, 'id' | 'shopName' | 'isActive'>;

type ProductDialogProps = ProductFormModalProps & {
  /** The shops of the product's vendor, and whether they loaded. */
  shops: { data?: ProductShopChoice[]; isPending: boolean; isError: boolean; refetch: () => unknown };
  /** The HSN list with today's GST rates, and whether it loaded. */
  hsn: { data?: HsnCodeList; isError: boolean };
  /** Saves the form of an existing product: the answer's message, or null when the save was called off (the form keeps its input). */
  update: (id: string, payload: ProductPayload) => Promise<{ message: string } | null>;
  /** Whether pictures can be added (uploads are the vendor's own); without, the current ones can still be reordered or removed. */
  canAddImages?: boolean;
};

/** The vendor's Add/Edit Product: their own shops and the vendor HSN list, saved to /api/vendor/products. */
export function ProductFormModal(props: ProductFormModalProps) {
  const shops = useVendorShops(props.open);
  const hsn = useHsnCodes(props.open);
  return <ProductDialog {...props} shops={shops} hsn={hsn} update={updateProduct} />;
}

/**
 * Add or edit a product: name, description, price and original price in rupees, stock, reward
 * percentage, category, shop and up to 5 images. A new product is created first, then its picked
 * images are uploaded, then the image list is saved; if an upload fails, nothing is saved (a new
 * product is removed again), the form keeps its input and the failed image shows why. Without a
 * shop, it points to /profile instead. Where it is saved (`update`) is the caller's: the vendor's
 * own endpoint, or the super admin's with a fresh code.
 */
export function ProductDialog({ open, onClose, product, shops, hsn, update, canAddImages = true }: ProductDialogProps) {
  const formId = useId();
  const qc = useQueryClient();
  const categories = useCategories();
  const [items, setItems] = useState<ImageItem[]>(() => galleryOf(product).map(imageItemFromUrl));
  const [pictures, setPictures] = useState<VariantPictures>(() => picturesOf(product, items));
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [imagesError, setImagesError] = useState<string | undefined>();
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<VendorProductInput, unknown, VendorProductData>({
    resolver: zodResolver(vendorProductInputSchema),
    defaultValues: toForm(product),
    mode: 'onTouched',
  });

  useEffect(() => {
    if (!open) return;
    reset(toForm(product));
    const gallery = galleryOf(product).map(imageItemFromUrl);
    setItems(gallery);
    setPictures(picturesOf(product, gallery));
    setFormMessage(null);
    setImagesError(undefined);
    return () => releasePreviews(itemsRef.current);
  }, [open, product, reset]);

  // A vendor with one shop has nothing to choose.
  useEffect(() => {
    if (open && !product && shops.data?.length === 1 && !getValues('storeId')) setValue('storeId', shops.data[0].id);
  }, [open, product, shops.data, getValues, setValue]);

  const patchItem = (key: string, change: Partial<ImageItem>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  /** Uploads the picked files in order; answers the final list of URLs, each item's URL and the first failure. */
  const uploadPending = async (
    productId: string,
  ): Promise<{ urls: string[]; urlOf: Map<string, string>; order: string[]; failure: string | null }> => {
    const urls: string[] = [];
    const urlOf = new Map<string, string>();
    const order = itemsRef.current.map((i) => i.key);
    let failure: string | null = null;
    for (const item of itemsRef.current) {
      if (item.url) {
        urls.push(item.url);
        urlOf.set(item.key, item.url);
        continue;
      }
      if (!item.file) continue;
      patchItem(item.key, { progress: 0, error: null });
      try {
        const image = await uploadImage({
          file: item.file,
          imageType: 'product',
          entityId: productId,
          onProgress: (progress) => patchItem(item.key, { progress }),
        });
        patchItem(item.key, { url: image.url, progress: null });
        urls.push(image.url);
        urlOf.set(item.key, image.url);
      } catch (e) {
        const reason = reasonOf(e, mediaMessages.uploadFailed);
        failure ??= reason;
        patchItem(item.key, { progress: null, error: reason });
      }
    }
    return { urls, urlOf, order, failure };
  };

  const showServerErrors = (e: unknown, fallback: string) => {
    const fields = e instanceof ApiError ? e.fields : {};
    const placed = fieldNames.filter((name) => fields[name]);
    placed.forEach((name, i) => setError(name, { type: 'server', message: fields[name] }, { shouldFocus: i === 0 }));
    // Options and combinations: 'variants.3.sku' lands under that input; a picture's 'variants.3.images.0' under the row's pictures.
    for (const [key, message] of Object.entries(fields)) {
      if (/^(options|variants)(\.|$)/.test(key))
        setError(key.replace(/^(variants\.\d+\.images)\.\d+$/, '$1') as Path<VendorProductInput>, {
          type: 'server',
          message,
        });
    }
    const imageField = Object.keys(fields).find((k) => k === 'images' || k.startsWith('images.'));
    if (imageField) setImagesError(fields[imageField]);
    setFormMessage(m.saveFailed(reasonOf(e, fallback)));
    notify.error(m.saveFailed(reasonOf(e, fallback)), { action: 'product-save' });
  };

  const save = async (values: VendorProductData) => {
    setFormMessage(null);
    setImagesError(undefined);
    let id = product?.id ?? null;
    // A new product is created first (uploads belong to a product), and removed again if anything after that fails: nothing is half-saved.
    let created: string | null = null;
    try {
      if (!id) {
        // Pictures come after the uploads: the combinations get theirs with the gallery's.
        const done = await createProduct({
          ...values,
          images: [],
          variants: values.variants.map((v) => ({ ...v, images: [] })),
        });
        id = done.product.id;
        created = done.message;
      }
    } catch (e) {
      showServerErrors(e, m.createFailed);
      return;
    }
    const undoCreate = async () => {
      if (!created || !id) return;
      await deleteProduct(id).catch(() => undefined);
      // Pictures uploaded for the removed product are uploaded again with the next save.
      setItems((list) => list.map((i) => (i.file ? { ...i, url: null } : i)));
      void refreshAfterProductChange(qc, id);
    };
    const { urls, urlOf, order, failure } = await uploadPending(id);
    if (failure) {
      await undoCreate();
      setFormMessage(
        `${m.saveFailed(failure).replace(/\.$/, '')}. Nothing was saved: remove the marked image or pick another, then save again.`,
      );
      notify.error(m.saveFailed(failure), { action: 'product-save' });
      return;
    }
    let saved: { message: string } | null = null;
    try {
      if (!created || urls.length > 0) {
        saved = await update(id, {
          ...values,
          images: urls,
          variants: withPictures(values.variants, pictures, urlOf, order),
        });
        // Called off (the super admin's code not given): nothing was saved, the form stays as typed.
        if (!saved) {
          await undoCreate();
          return;
        }
      }
      void refreshAfterProductChange(qc, id);
    } catch (e) {
      await undoCreate();
      showServerErrors(e, created ? m.createFailed : m.updateFailed);
      return;
    }
    notify.success(created ?? saved?.message ?? m.updated, { action: 'product-save' });
    onClose();
  };

  const invalid = (errs: FieldErrors<VendorProductInput>) => {
    const missing = Object.values(errs).some((err) => err?.message === m.requiredFields);
    // The sizes and colours sit below the fold: say where to look.
    setFormMessage(
      missing
        ? m.requiredFields
        : errs.options || errs.variants
          ? 'Please check the sizes and colours: the marked fields need a change.'
          : null,
    );
  };

  const close = () => {
    if (!isSubmitting) onClose();
  };
  const title = product ? 'Edit Product' : 'Add New Product';
  const options = watch('options') ?? [];
  const variants = watch('variants') ?? [];
  const hasOptions = options.length > 0;
  const setOptions = (next: { options: { name: string; values: string[] }[]; variants: ProductVariantInput[] }) => {
    // After a failed submit, the marks follow the edits.
    setValue('options', next.options, { shouldDirty: true, shouldValidate: isSubmitted });
    setValue('variants', next.variants, { shouldDirty: true, shouldValidate: isSubmitted });
  };
  const stockNoun = options.length === 1 && options[0].name.trim() ? pluralOf(options[0].name) : 'combinations';
  const storeId = watch('storeId');
  const shopList = shops.data ?? [];
  const chosenShop = shopList.find((s) => s.id === storeId);
  const categoryOptions = [...(categories.data ?? [])];
  if (product && !categoryOptions.some((c) => c.id === product.categoryId))
    categoryOptions.push({ id: product.categoryId, name: product.categoryName, slug: '' });

  const hsnOptions = [...(hsn.data?.items ?? [])];
  // The product's code stays selectable while the list loads.
  if (product?.hsnCode && !hsnOptions.some((c) => c.hsnCode === product.hsnCode))
    hsnOptions.push({ hsnCode: product.hsnCode, description: 'Your current code', current: null, next: null });

  let body;
  if (shops.isPending) {
    body = <ProductFormSkeleton label="Loading your shops" />;
  } else if (shops.isError) {
    body = <ErrorState message={shopMessages.loadFailed} onRetry={() => shops.refetch()} />;
  } else if (shopList.length === 0) {
    body = (
      <div className="flex flex-col items-center py-6 text-center">
        <Store className="h-10 w-10 text-slate-400" aria-hidden="true" />
        <p className="mt-3 font-medium text-slate-900">{m.noShop}</p>
        <p className="mt-1 text-sm text-slate-600">
          Every product is sold through one of your shops. Create a shop first, then add products to it.
        </p>
        <Link
          to="/profile?tab=shops"
          className="mt-5 inline-flex rounded-lg bg-violet-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-violet-800"
        >
          Add a shop in your profile
        </Link>
      </div>
    );
  } else {
    body = (
      <form id={formId} onSubmit={handleSubmit(save, invalid)} noValidate className="space-y-4" aria-label={title}>
        {formMessage && <Alert tone="error">{formMessage}</Alert>}
        {product && <ReviewBadge product={product} />}
        {/* The form may appear after the modal opened (once the shops load): autoFocus covers that case. */}
        <Input
          label="Product name"
          required
          autoComplete="off"
          data-autofocus
          autoFocus
          error={errors.name?.message}
          {...register('name')}
        />
        <Textarea label="Description" rows={3} error={errors.description?.message} {...register('description')} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Input
            label="Price (₹)"
            required
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            placeholder="499"
            error={errors.price?.message}
            {...register('price')}
          />
          <Input
            label="Original price (₹)"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            hint="Optional: shown struck through, with the discount"
            error={errors.originalPrice?.message}
            {...register('originalPrice')}
          />
          {hasOptions ? (
            <div className="space-y-1" aria-live="polite">
              <p className="text-sm font-medium text-slate-700">Stock</p>
              <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
                Stock is the sum of the {stockNoun}&apos; stock:{' '}
                <strong>{stockSum(variants).toLocaleString('en-IN')}</strong>
              </p>
            </div>
          ) : (
            <Input
              label="Stock"
              type="number"
              inputMode="numeric"
              min="0"
              step="1"
              error={errors.stockQuantity?.message}
              {...register('stockQuantity')}
            />
          )}
          <Input
            label="Reward percentage"
            type="number"
            inputMode="decimal"
            min="0"
            max="100"
            step="0.01"
            hint="Points customers earn, 0 to 100%"
            error={errors.rewardPercentage?.message}
            {...register('rewardPercentage')}
          />
          <Select
            label="Category"
            required
            error={errors.categoryId?.message}
            hint={categories.isError ? 'Categories could not be loaded. Close and try again.' : undefined}
            {...register('categoryId')}
          >
            <option value="">Select category</option>
            {categoryOptions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
          <Select
            label="Shop"
            required
            error={errors.storeId?.message}
            hint={
              chosenShop && !chosenShop.isActive
                ? 'This shop is inactive: its products do not show in the storefront.'
                : undefined
            }
            {...register('storeId')}
          >
            <option value="">Select shop</option>
            {shopList.map((s) => (
              <option key={s.id} value={s.id}>
                {s.shopName}
                {s.isActive ? '' : ' (inactive)'}
              </option>
            ))}
          </Select>
        </div>
        <Select
          label="HSN code and GST rate"
          error={errors.hsnCode?.message}
          hint={
            hsn.isError
              ? 'The HSN list could not be loaded. Close and try again.'
              : "The GST rate of the code applies to this product's sales, and its invoices show the code."
          }
          {...register('hsnCode')}
        >
          <option value="">{`Not chosen (GST ${hsn.data?.unclassified ? `${hsn.data.unclassified.ratePercent}%` : 'at the standard rate'} until you choose)`}</option>
          {hsnOptions.map((c) => (
            <option key={c.hsnCode} value={c.hsnCode}>
              {hsnOptionLabel(c, (day) => formatDate(`${day}T00:00:00+05:30`))}
            </option>
          ))}
        </Select>
        <ImageUploader
          items={items}
          onChange={setItems}
          disabled={isSubmitting}
          error={imagesError}
          canAdd={canAddImages}
        />
        <ProductOptionsEditor
          options={options}
          variants={variants}
          onChange={setOptions}
          pictures={pictures}
          onPicturesChange={setPictures}
          gallery={items}
          errors={{ options: errors.options, variants: errors.variants }}
          productName={watch('name') ?? ''}
          productPrice={String(watch('price') ?? '')}
          disabled={isSubmitting}
        />
      </form>
    );
  }

  const hasForm = !!shops.data?.length;
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      wide
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            {hasForm ? 'Cancel' : 'Close'}
          </Button>
          {hasForm && (
            <Button type="submit" form={formId} loading={isSubmitting}>
              {isSubmitting ? 'Saving...' : product ? 'Save Changes' : 'Add Product'}
            </Button>
          )}
        </>
      }
    >
      {body}
    </Modal>
  );
}
