import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { maxLengthOf } from '../../../contracts/common.contract';
import { mediaMessages } from '../../../contracts/media.contract';
import {
  MAX_RETURN_PHOTOS,
  newReturnSchema,
  returnMessages,
  returnReasons,
  type ReturnablePart,
} from '../../../contracts/returns.contract';
import { Alert } from '../../ui/Alert';
import { Select, Textarea } from '../../ui/Field';
import { formatDate } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { notify } from '../../ui/notify';
import { QuantityStepper } from '../../ui/QuantityStepper';
import { uploadImage } from '../../api/upload-image';
import { checkImageFile } from '../../ui/image-files';
import { imageItemFromFile, releasePreviews, type ImageItem } from '../../ui/ImageUploader';
import {
  checkReturnRequest,
  emptyReturnForm,
  returnFieldErrors,
  type ReturnFormErrors,
  type ReturnFormState,
} from './order-returns';
import { ReturnFormDialog } from './return-form-dialog';
import { ReturnPhotos } from './return-photos';
import { useRequestReturn } from './use-returns';

export type ReturnTarget = { orderId: string; part: ReturnablePart };

export const returnFormMessages = {
  uploading: 'Please wait for the photos to finish uploading',
  uploadFailed: 'Remove the photos that could not be uploaded, or add them again',
} as const;

const reasonOf = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

/**
 * Return items: tick the items of a delivered part and how many of each, choose a reason, say what
 * is wrong and add up to three photos. Checked with the server's contract before sending; the
 * server's messages land under their fields. Mounted once per part (its state starts fresh).
 */
export function ReturnRequestModal({
  target,
  onClose,
  onDone,
}: {
  target: ReturnTarget;
  onClose: () => void;
  onDone: () => void;
}) {
  const { part } = target;
  const itemsId = useId();
  const request = useRequestReturn();
  const [form, setForm] = useState<ReturnFormState>(() => emptyReturnForm(part));
  const [photos, setPhotos] = useState<ImageItem[]>([]);
  const [photoNotice, setPhotoNotice] = useState<string[]>([]);
  const [errors, setErrors] = useState<ReturnFormErrors & { form?: string }>({});
  const photosRef = useRef(photos);
  photosRef.current = photos;
  useEffect(() => () => releasePreviews(photosRef.current), []);

  const busy = request.isPending;
  const uploading = photos.some((p) => p.progress !== null);
  const patchPhoto = (key: string, change: Partial<ImageItem>) =>
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const pickPhotos = (files: File[]) => {
    const problems: string[] = [];
    const picked: ImageItem[] = [];
    for (const file of files) {
      const problem = checkImageFile(file);
      if (problem) problems.push(`${file.name}: ${problem}`);
      else if (photos.length + picked.length >= MAX_RETURN_PHOTOS) {
        problems.push(returnMessages.tooManyPhotos);
        break;
      } else picked.push({ ...imageItemFromFile(file), progress: 0 });
    }
    setPhotoNotice(problems);
    setErrors((e) => ({ ...e, photos: undefined }));
    if (picked.length === 0) return;
    setPhotos((list) => [...list, ...picked]);
    // Each photo uploads at once, so that it is there by the time the form is filled.
    for (const item of picked) {
      uploadImage({
        file: item.file!,
        imageType: 'return',
        entityId: part.partId,
        onProgress: (progress) => patchPhoto(item.key, { progress }),
      })
        .then((image) => patchPhoto(item.key, { url: image.url, progress: null }))
        .catch((e: unknown) =>
          patchPhoto(item.key, { progress: null, error: reasonOf(e, mediaMessages.uploadFailed) }),
        );
    }
  };
  const removePhoto = (key: string) => {
    releasePreviews(photos.filter((p) => p.key === key));
    setPhotos((list) => list.filter((p) => p.key !== key));
    setPhotoNotice([]);
    setErrors((e) => ({ ...e, photos: undefined }));
  };

  const setItem = (orderItemId: string, change: Partial<ReturnFormState['items'][string]>) => {
    setForm((f) => ({ ...f, items: { ...f.items, [orderItemId]: { ...f.items[orderItemId], ...change } } }));
    setErrors((e) => ({ ...e, items: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = checkReturnRequest(part, { ...form, photos: photos.flatMap((p) => (p.url ? [p.url] : [])) });
    const photoProblem = uploading
      ? returnFormMessages.uploading
      : photos.some((p) => !p.url)
        ? returnFormMessages.uploadFailed
        : undefined;
    if (!checked.ok || photoProblem) {
      setErrors({ ...(checked.ok ? {} : checked.errors), ...(photoProblem ? { photos: photoProblem } : {}) });
      return;
    }
    setErrors({});
    try {
      const done = await request.mutateAsync({ orderId: target.orderId, partId: part.partId, body: checked.body });
      notify.success(done.message, { action: 'return-request' });
      onDone();
    } catch (err) {
      const message = reasonOf(err, 'Failed to request the return');
      const fields = returnFieldErrors(err);
      setErrors(fields ?? { form: message });
      notify.error(fields ? Object.values(fields)[0] : message, { action: 'return-request' });
    }
  };

  const photoMessages = [...photoNotice, ...(errors.photos ? [errors.photos] : [])];

  return (
    <ReturnFormDialog
      title="Return items"
      label="Request a return"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      submitText="Request return"
    >
      <p className="text-sm text-slate-700">
        From <strong className="text-slate-900">{part.storeName}</strong>, delivered on {formatDate(part.deliveredAt)}.
        Return by {formatDate(part.windowEndsAt)}.
      </p>
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      <fieldset aria-describedby={errors.items ? `${itemsId}-error` : undefined}>
        <legend className="mb-1 block text-sm font-medium text-slate-700">
          Items to return
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        </legend>
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {part.items.map((item) => {
            const choice = form.items[item.orderItemId];
            const name = item.variantLabel ? `${item.productName} (${item.variantLabel})` : item.productName;
            const none = item.returnableQuantity <= 0;
            return (
              <li key={item.orderItemId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <label
                  className={`flex min-h-11 min-w-0 flex-1 items-center gap-3 ${none ? 'cursor-not-allowed' : 'cursor-pointer'}`}
                >
                  <input
                    type="checkbox"
                    checked={!none && choice.selected}
                    disabled={none || busy}
                    onChange={(e) => setItem(item.orderItemId, { selected: e.target.checked })}
                    className="h-5 w-5 shrink-0 rounded border-slate-300 text-violet-700 focus:ring-violet-600"
                  />
                  <span className="min-w-0">
                    <span
                      className={`block break-words text-sm font-medium ${none ? 'text-slate-500' : 'text-slate-900'}`}
                    >
                      {name}
                    </span>
                    <span className="block text-xs text-slate-600">
                      {none ? (
                        'Already in a return'
                      ) : (
                        <>
                          <Money paise={item.pricePaise} /> each · {item.returnableQuantity} of {item.quantity} can be
                          returned
                        </>
                      )}
                    </span>
                  </span>
                </label>
                {!none && choice.selected && item.returnableQuantity > 1 && (
                  <QuantityStepper
                    label={`How many of ${name}`}
                    hideLabel
                    size="sm"
                    min={1}
                    max={item.returnableQuantity}
                    value={choice.quantity}
                    disabled={busy}
                    onChange={(quantity) => setItem(item.orderItemId, { quantity })}
                  />
                )}
              </li>
            );
          })}
        </ul>
        {errors.items && (
          <p id={`${itemsId}-error`} role="alert" className="mt-1 text-sm text-red-600">
            {errors.items}
          </p>
        )}
      </fieldset>
      <Select
        label="Reason"
        required
        value={form.reason}
        disabled={busy}
        onChange={(e) => {
          setForm((f) => ({ ...f, reason: e.target.value }));
          setErrors((x) => ({ ...x, reason: undefined }));
        }}
        error={errors.reason}
      >
        <option value="">Choose a reason</option>
        {returnReasons.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </Select>
      <Textarea
        label="Comment"
        rows={3}
        maxLength={maxLengthOf(newReturnSchema.shape.comment)}
        value={form.comment}
        disabled={busy}
        onChange={(e) => {
          setForm((f) => ({ ...f, comment: e.target.value }));
          setErrors((x) => ({ ...x, comment: undefined }));
        }}
        error={errors.comment}
        hint="What is wrong with it? The shop reads this."
      />
      <ReturnPhotos
        items={photos}
        onPick={pickPhotos}
        onRemove={removePhoto}
        disabled={busy}
        messages={photoMessages}
      />
    </ReturnFormDialog>
  );
}
