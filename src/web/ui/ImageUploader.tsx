import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { MAX_PRODUCT_IMAGES } from '../../contracts/catalog.constants';
import { vendorProductMessages } from '../../contracts/vendor-products.contract';
import { cn } from './cn';
import { checkImageFile } from './image-files';
import { AddImagesTile, ImagePreviewTile } from './image-tiles';

/** One picture of the uploader: already stored (`url`), or a picked file waiting to be uploaded. */
export type ImageItem = {
  key: string;
  url: string | null;
  file: File | null;
  /** What the thumbnail shows: the stored URL or an object URL of the picked file. */
  preview: string;
  /** Upload progress in percent while uploading, else null. */
  progress: number | null;
  error: string | null;
};

let seq = 0;
const nextKey = () => `img-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/** An item for a picture that is already stored. */
export const imageItemFromUrl = (url: string): ImageItem => ({
  key: nextKey(),
  url,
  file: null,
  preview: url,
  progress: null,
  error: null,
});

/** An item for a picked file, previewed at once from memory. */
export const imageItemFromFile = (file: File): ImageItem => ({
  key: nextKey(),
  url: null,
  file,
  preview: URL.createObjectURL(file),
  progress: null,
  error: null,
});

/** Frees the memory of the previews of picked files. */
export function releasePreviews(items: ImageItem[]): void {
  for (const item of items) if (item.file) URL.revokeObjectURL(item.preview);
}

type ImageUploaderProps = {
  items: ImageItem[];
  onChange: (items: ImageItem[]) => void;
  max?: number;
  disabled?: boolean;
  /** A message from the server about the images. */
  error?: string;
  /** Whether pictures can be added (the super admin cannot upload for a vendor: they reorder or remove the vendor's own). */
  canAdd?: boolean;
};

/**
 * Up to five product pictures: pick several at once (type and size are checked here first, with the
 * server's messages), see previews, move them left or right and remove them. The first is the main
 * image. Picked files are uploaded by the form when it saves; their progress shows on each picture.
 */
export function ImageUploader({
  items,
  onChange,
  max = MAX_PRODUCT_IMAGES,
  disabled,
  error,
  canAdd = true,
}: ImageUploaderProps) {
  const inputId = useId();
  const [notice, setNotice] = useState<string[]>([]);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const problems: string[] = [];
    const picked: ImageItem[] = [];
    for (const file of files) {
      const problem = checkImageFile(file);
      if (problem) problems.push(`${file.name}: ${problem}`);
      else if (items.length + picked.length >= max) {
        problems.push(vendorProductMessages.tooManyImages);
        break;
      } else picked.push(imageItemFromFile(file));
    }
    setNotice(problems);
    if (picked.length > 0) onChange([...items, ...picked]);
  };

  const move = (from: number, to: number) => {
    const next = [...items];
    [next[from], next[to]] = [next[to], next[from]];
    onChange(next);
  };
  const remove = (index: number) => {
    releasePreviews([items[index]]);
    setNotice([]);
    onChange(items.filter((_, i) => i !== index));
  };

  const messages = [...notice, ...(error ? [error] : [])];
  const iconButton =
    'flex h-8 w-8 items-center justify-center rounded-md bg-white/90 text-slate-700 shadow-sm hover:bg-white hover:text-violet-800 disabled:cursor-not-allowed disabled:opacity-40 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600';

  const badge = (place: string) => cn('absolute top-1 rounded px-1.5 py-0.5 text-[11px]', place);

  return (
    <fieldset aria-describedby={`${inputId}-hint`}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">Images</legend>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {items.map((item, i) => {
          const label = `Image ${i + 1}${i === 0 ? ' (main image)' : ''}`;
          return (
            <li key={item.key} className="flex flex-col gap-1">
              <ImagePreviewTile
                preview={item.preview}
                label={label}
                size={160}
                error={item.error}
                progress={item.progress}
                badges={
                  <>
                    {i === 0 && <span className={badge('left-1 bg-violet-700 font-semibold text-white')}>Main</span>}
                    {item.file && !item.url && item.progress === null && !item.error && (
                      <span className={badge('right-1 bg-amber-100 font-medium text-amber-900')}>New</span>
                    )}
                  </>
                }
              >
                <div className="absolute inset-x-1 bottom-1 flex justify-between gap-1">
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => move(i, i - 1)}
                    disabled={disabled || i === 0}
                    aria-label={`Move ${label} left`}
                  >
                    <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={cn(iconButton, 'text-red-700 hover:text-red-800')}
                    onClick={() => remove(i)}
                    disabled={disabled}
                    aria-label={`Remove ${label}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => move(i, i + 1)}
                    disabled={disabled || i === items.length - 1}
                    aria-label={`Move ${label} right`}
                  >
                    <ChevronRight className="h-4 w-4" aria-hidden="true" />
                  </button>
                </div>
              </ImagePreviewTile>
              {item.error && (
                <p role="alert" className="text-xs leading-tight text-red-700">
                  {item.error}
                </p>
              )}
            </li>
          );
        })}
        {canAdd && items.length < max && (
          <AddImagesTile inputId={inputId} text="Add images" disabled={disabled} onChange={pick} />
        )}
      </ul>
      <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
        {items.length} of {max}. The first image is the main one.{' '}
        {canAdd ? 'JPEG, PNG, WebP, GIF or AVIF, up to 5 MB each.' : 'Only the vendor can add images.'}
      </p>
      {messages.length > 0 && (
        <div role="alert" className="mt-1 space-y-0.5 text-sm text-red-600">
          {messages.map((m, i) => (
            <p key={i}>{m}</p>
          ))}
        </div>
      )}
    </fieldset>
  );
}
