import { cn } from './cn';

const sizes = { 48: 'h-12 w-12', 56: 'h-14 w-14', 64: 'h-16 w-16' } as const;

/**
 * Photos as a list of thumbnails, each a link that opens the full picture in a new tab. `alt` says which
 * photo it is (`n` of `count`) and that it opens; nothing is drawn when there are no photos.
 */
export function PhotoThumbnails({
  urls,
  size,
  alt,
  label,
  className,
}: {
  urls: readonly string[];
  /** The thumbnail's width and height in pixels. */
  size: keyof typeof sizes;
  alt: (n: number, count: number) => string;
  /** The list's accessible name. */
  label?: string;
  /** More classes for the list (its margin, whether it wraps). */
  className?: string;
}) {
  if (urls.length === 0) return null;
  return (
    <ul aria-label={label} className={cn('flex gap-2', className)}>
      {urls.map((url, i) => (
        <li key={`${i}:${url}`}>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(
              'block rounded-lg focus:outline-none',
              'focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2',
            )}
          >
            <img
              src={url}
              alt={alt(i + 1, urls.length)}
              width={size}
              height={size}
              loading="lazy"
              decoding="async"
              className={cn(sizes[size], 'rounded-lg border border-slate-200 bg-slate-100 object-cover')}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
