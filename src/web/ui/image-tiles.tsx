import { ImagePlus } from 'lucide-react';
import type { ChangeEvent, ReactNode } from 'react';
import { ACCEPTED_IMAGE_TYPES } from '../../contracts/media.contract';
import { cn } from './cn';

/** An image's upload progress, over its thumbnail: a bar (named after the image) and the percentage. */
export function UploadProgress({ label, progress }: { label: string; progress: number }) {
  return (
    <div className="absolute inset-x-1 top-1/2 -translate-y-1/2">
      <div
        role="progressbar"
        aria-label={`Uploading ${label}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-1.5 overflow-hidden rounded-full bg-white/80"
      >
        <div className="h-full bg-violet-700 transition-all" style={{ width: `${progress}%` }} />
      </div>
      <p className="mt-1 text-center text-xs font-semibold text-slate-900">{progress}%</p>
    </div>
  );
}

/** The last tile of a grid of images: a dashed square that opens the file picker (several images at once). */
export function AddImagesTile(props: {
  inputId: string;
  text: string;
  disabled?: boolean;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <li>
      <label
        htmlFor={props.inputId}
        className={cn(
          'flex aspect-square cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-300 bg-white p-2 text-center text-xs font-medium text-slate-700 hover:border-violet-500 hover:text-violet-800',
          'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-600',
          props.disabled && 'cursor-not-allowed opacity-50',
        )}
      >
        <ImagePlus className="h-6 w-6" aria-hidden="true" />
        {props.text}
        <input
          id={props.inputId}
          type="file"
          multiple
          accept={ACCEPTED_IMAGE_TYPES}
          className="sr-only"
          onChange={props.onChange}
          disabled={props.disabled}
        />
      </label>
    </li>
  );
}

/**
 * An image's square tile in a grid of uploads: its preview (dimmed while it uploads, framed in red when
 * refused), `badges` over it, its upload progress, then `children` (its buttons).
 */
export function ImagePreviewTile(props: {
  preview: string;
  label: string;
  size: number;
  error?: string | null;
  progress: number | null;
  badges?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div
      className={cn(
        'relative overflow-hidden rounded-lg border bg-slate-50',
        props.error ? 'border-red-500' : 'border-slate-200',
      )}
    >
      <img
        src={props.preview}
        alt={props.label}
        width={props.size}
        height={props.size}
        className={cn('aspect-square w-full object-cover text-transparent', props.progress !== null && 'opacity-60')}
      />
      {props.badges}
      {props.progress !== null && <UploadProgress label={props.label} progress={props.progress} />}
      {props.children}
    </div>
  );
}
