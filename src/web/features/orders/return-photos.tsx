import { Trash2 } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { MAX_RETURN_PHOTOS } from '../../../contracts/returns.contract';
import type { ImageItem } from '../../ui/ImageUploader';
import { AddImagesTile, ImagePreviewTile } from '../../ui/image-tiles';

type ReturnPhotosProps = {
  items: ImageItem[];
  /** Files the customer picked (checked and uploaded by the form). */
  onPick: (files: File[]) => void;
  onRemove: (key: string) => void;
  disabled?: boolean;
  /** Messages about the photos: refused files, or the server's. */
  messages: string[];
};

/**
 * Up to three photos of what is wrong: each uploads as soon as it is picked, with its progress on
 * the picture; any can be removed before the request is sent.
 */
export function ReturnPhotos({ items, onPick, onRemove, disabled, messages }: ReturnPhotosProps) {
  const inputId = useId();
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length > 0) onPick(files);
  };
  return (
    <fieldset aria-describedby={`${inputId}-hint${messages.length > 0 ? ` ${inputId}-error` : ''}`}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">Photos (optional)</legend>
      <ul className="grid grid-cols-3 gap-2">
        {items.map((item, i) => {
          const label = `Photo ${i + 1}`;
          return (
            <li key={item.key} className="flex min-w-0 flex-col gap-1">
              <ImagePreviewTile
                preview={item.preview}
                label={label}
                size={120}
                error={item.error}
                progress={item.progress}
              >
                <button
                  type="button"
                  onClick={() => onRemove(item.key)}
                  disabled={disabled}
                  aria-label={`Remove ${label}`}
                  className="absolute right-1 top-1 flex h-11 w-11 items-center justify-center rounded-md bg-white/90 text-red-700 shadow-sm hover:bg-white hover:text-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 disabled:cursor-not-allowed disabled:opacity-40"
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </button>
              </ImagePreviewTile>
              {item.error && (
                <p role="alert" className="break-words text-xs leading-tight text-red-700">
                  {item.error}
                </p>
              )}
            </li>
          );
        })}
        {items.length < MAX_RETURN_PHOTOS && (
          <AddImagesTile inputId={inputId} text="Add photos" disabled={disabled} onChange={pick} />
        )}
      </ul>
      <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600">
        {items.length} of {MAX_RETURN_PHOTOS}. Show the shop what is wrong. JPEG, PNG, WebP, GIF or AVIF, up to 5 MB
        each.
      </p>
      {messages.length > 0 && (
        <div id={`${inputId}-error`} role="alert" className="mt-1 space-y-0.5 text-sm text-red-600">
          {messages.map((m, i) => (
            <p key={i}>{m}</p>
          ))}
        </div>
      )}
    </fieldset>
  );
}
