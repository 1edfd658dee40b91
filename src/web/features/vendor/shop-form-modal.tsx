import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  shopFormSchema,
  shopFormValues,
  shopMessages,
  type Shop,
  type ShopData,
  type ShopFormValues,
} from '../../../contracts/shops.contract';
import { api, ApiError } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { notify } from '../../ui/notify';
import { uploadImage } from '../../api/upload-image';
import { ShopFormFields } from './shop-form-fields';
import { ShopImageField, type ShopImageKind } from './shop-image-field';
import { refreshAfterShopChange } from './use-vendor-shops';

type ShopFormModalProps = {
  open: boolean;
  onClose: () => void;
  /** The shop to edit; none opens Create New Shop. */ shop?: Shop | null;
};

// Server field names that differ from the form's (money is sent in paise).
const formField: Record<string, keyof ShopFormValues> = {
  deliveryFeePaise: 'deliveryFee',
  freeDeliveryThresholdPaise: 'freeDeliveryThreshold',
};
const formFields = Object.keys(shopFormValues()) as (keyof ShopFormValues)[];
const kinds: ShopImageKind[] = ['logo', 'banner'];

type ImageState = { file: File | null; progress: number | null; error: string | null };
const noImages = (): Record<ShopImageKind, ImageState> => ({
  logo: { file: null, progress: null, error: null },
  banner: { file: null, progress: null, error: null },
});

/**
 * The Create New Shop / Edit Shop dialog: every field of SPEC.md, address only for physical shops,
 * delivery numbers only when delivery is offered, and logo and banner uploads sent after the shop
 * is saved. Create stays disabled until the shop has a name.
 */
export function ShopFormModal({ open, onClose, shop }: ShopFormModalProps) {
  const formId = useId();
  const qc = useQueryClient();
  // After a create whose image upload failed, saving again edits that shop instead of opening another.
  const [saved, setSaved] = useState<Shop | null>(null);
  const [images, setImages] = useState(noImages);
  const current = saved ?? shop ?? null;
  const editing = Boolean(shop);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ShopFormValues, unknown, ShopData>({
    resolver: zodResolver(shopFormSchema),
    defaultValues: shopFormValues(shop),
    mode: 'onTouched',
  });

  useEffect(() => {
    if (!open) return;
    reset(shopFormValues(shop));
    setSaved(null);
    setImages(noImages());
  }, [open, shop, reset]);

  const [shopName, shopType, deliveryAvailable] = watch(['shopName', 'shopType', 'deliveryAvailable']);
  const setImage = (kind: ShopImageKind, patch: Partial<ImageState>) =>
    setImages((s) => ({ ...s, [kind]: { ...s[kind], ...patch } }));

  /** Sends the picked logo and banner; answers false when one of them failed (its error shows under it). */
  const uploadPicked = async (target: Shop): Promise<boolean> => {
    let ok = true;
    for (const kind of kinds) {
      const { file } = images[kind];
      if (!file) continue;
      setImage(kind, { progress: 0, error: null });
      try {
        await uploadImage({
          file,
          imageType: kind === 'logo' ? 'shop_logo' : 'shop_banner',
          entityId: target.id,
          onProgress: (p) => setImage(kind, { progress: p }),
        });
        setImage(kind, { file: null, progress: null });
        notify.success(kind === 'logo' ? shopMessages.logoUploaded : shopMessages.bannerUploaded, {
          action: `shop-image-${kind}`,
        });
      } catch (e) {
        ok = false;
        const reason = e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : 'Upload failed';
        // The refused file is dropped: the stored image shows again, and the reason stays under the field.
        setImage(kind, { file: null, progress: null, error: reason });
        notify.error(`Upload failed: ${reason}`, { action: `shop-image-${kind}` });
      }
    }
    return ok;
  };

  const save = async (values: ShopData) => {
    clearErrors('root');
    let target: Shop;
    try {
      target = current
        ? await api.put<Shop>(`/api/vendor/shops/${current.id}`, values)
        : await api.post<Shop>('/api/vendor/shops', values);
    } catch (e) {
      const fields = e instanceof ApiError ? e.fields : {};
      const placed = Object.keys(fields).filter((k) =>
        formFields.includes(formField[k] ?? (k as keyof ShopFormValues)),
      );
      placed.forEach((k, i) =>
        setError(
          formField[k] ?? (k as keyof ShopFormValues),
          { type: 'server', message: fields[k] },
          { shouldFocus: i === 0 },
        ),
      );
      if (placed.length === 0) {
        const fallback = current ? shopMessages.updateFailed : shopMessages.createFailed;
        const message = e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : fallback;
        setError('root', { type: 'server', message });
        notify.error(message, { action: 'shop-save' });
      }
      return;
    }
    if (!current) notify.success(shopMessages.created, { action: 'shop-save' });
    else if (!saved) notify.success(shopMessages.updated, { action: 'shop-save' });
    setSaved(target);
    const uploaded = await uploadPicked(target);
    await refreshAfterShopChange(qc);
    if (uploaded) onClose();
  };

  const busy = isSubmitting;
  const canSubmit = shopName.trim() !== '';
  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onClose}
      wide
      title={editing ? 'Edit Shop' : saved ? 'Shop created: add images' : 'Create New Shop'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {saved && !editing ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" form={formId} disabled={!canSubmit} loading={busy}>
            {busy ? 'Saving...' : current ? 'Save Changes' : 'Create Shop'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={handleSubmit(save)}
        noValidate
        className="space-y-5"
        aria-label={editing ? 'Edit shop' : 'Create new shop'}
      >
        {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
        {saved && !editing && (
          <Alert tone="success">
            Your shop is saved. Retry the image upload below, or close and add images later with Edit Shop.
          </Alert>
        )}
        <ShopFormFields register={register} errors={errors} shopType={shopType} deliveryAvailable={deliveryAvailable} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[11rem_1fr]">
          {kinds.map((kind) => (
            <ShopImageField
              key={kind}
              kind={kind}
              currentUrl={kind === 'logo' ? (current?.logoUrl ?? null) : (current?.bannerUrl ?? null)}
              file={images[kind].file}
              progress={images[kind].progress}
              error={images[kind].error}
              disabled={busy}
              onFile={(file, problem) => setImage(kind, { file, error: problem })}
            />
          ))}
        </div>
      </form>
    </Modal>
  );
}
