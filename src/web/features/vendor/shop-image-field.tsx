import { ImagePlus, Store } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { ACCEPTED_IMAGE_TYPES } from '../../../contracts/media.contract';
import { cn } from '../../ui/cn';
import { checkImageFile } from '../../ui/image-files';

export type ShopImageKind = 'logo' | 'banner';

type ShopImageFieldProps = {
  kind: ShopImageKind;
  /** The shop's stored image, if any. */
  currentUrl: string | null;
  /** The picked file waiting to be uploaded when the form is saved. */
  file: File | null;
  onFile: (file: File | null, problem: string | null) => void;
  /** Upload progress in percent while the file is being sent. */
  progress: number | null;
  error: string | null;
  disabled?: boolean;
};

const texts = {
  logo: { label: 'Shop logo', hint: 'Square works best, e.g. 400 x 400' },
  banner: { label: 'Shop banner', hint: 'Wide works best, e.g. 1200 x 400' },
} as const;

/**
 * A logo or banner picker: shows the stored image or the picked file at once as a preview, the
 * upload's progress, and why a file was refused. The form uploads the file when it is saved.
 */
export function ShopImageField({ kind, currentUrl, file, onFile, progress, error, disabled }: ShopImageFieldProps) {
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  // A picked file the browser cannot show (the server will refuse it too): show the placeholder.
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    setBroken(false);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!picked) return;
    const problem = checkImageFile(picked);
    onFile(problem ? null : picked, problem);
  };

  const src = preview && !broken ? preview : preview ? null : currentUrl;
  const uploading = progress !== null;
  const { label, hint } = texts[kind];
  const describedBy = `${inputId}-help`;
  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <div
        className={cn(
          'relative overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50',
          kind === 'logo' ? 'h-24 w-24' : 'aspect-[3/1] w-full',
        )}
      >
        {src ? (
          <img
            src={src}
            alt={`${label} preview`}
            width={kind === 'logo' ? 96 : 300}
            height={kind === 'logo' ? 96 : 100}
            className={cn('h-full w-full object-cover', uploading && 'opacity-60')}
            onError={() => preview && setBroken(true)}
          />
        ) : (
          <div className="flex h-full w-full items-center justify-center text-slate-400" aria-hidden="true">
            <Store className="h-8 w-8" />
          </div>
        )}
      </div>
      <label
        htmlFor={inputId}
        className={cn(
          'inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50',
          'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-600',
          (disabled || uploading) && 'pointer-events-none opacity-60',
        )}
      >
        <ImagePlus className="h-4 w-4" aria-hidden="true" />
        {src ? `Change ${kind}` : `Choose ${kind}`}
        <input
          id={inputId}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          className="sr-only"
          onChange={pick}
          disabled={disabled || uploading}
          aria-describedby={describedBy}
          aria-label={`${label}: choose an image`}
        />
      </label>
      {file && !uploading && <p className="text-xs text-slate-600">{file.name} will be uploaded when you save.</p>}
      {uploading && (
        <div aria-live="polite">
          <div
            role="progressbar"
            aria-label={`Uploading ${kind}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-1.5 w-full max-w-xs overflow-hidden rounded-full bg-violet-100"
          >
            <div className="h-full bg-violet-700 transition-all" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-1 text-xs text-slate-600">Uploading {progress}%</p>
        </div>
      )}
      <p
        id={describedBy}
        role={error ? 'alert' : undefined}
        className={error ? 'text-sm text-red-600' : 'text-xs text-slate-500'}
      >
        {error ?? `${hint}. JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.`}
      </p>
    </div>
  );
}
