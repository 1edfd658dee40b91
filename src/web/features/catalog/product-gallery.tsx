import { useState } from 'react';
import { PRODUCT_PLACEHOLDER_IMAGE } from '../../../contracts/catalog.constants';
import { cn } from '../../ui/cn';
import { showPlaceholderOnError } from '../../ui/ProductCard';

/** The product's images (up to 5): a large one and a row of thumbnails that choose it. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const list = images.length > 0 ? images : [PRODUCT_PLACEHOLDER_IMAGE];
  const current = list[Math.min(index, list.length - 1)];
  return (
    <div>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
        <img
          src={current}
          alt={list.length > 1 ? `${name}, image ${index + 1} of ${list.length}` : name}
          width={800}
          height={800}
          fetchPriority="high"
          decoding="async"
          onError={showPlaceholderOnError}
          className="aspect-square w-full object-cover"
        />
      </div>
      {list.length > 1 && (
        <ul className="mt-3 flex gap-2" aria-label="Product images">
          {list.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1} of ${list.length}`}
                aria-pressed={i === index}
                className={cn(
                  'block overflow-hidden rounded-lg border-2 bg-slate-100',
                  i === index ? 'border-violet-700' : 'border-transparent hover:border-slate-300',
                )}
              >
                <img
                  src={src}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  onError={showPlaceholderOnError}
                  className="h-14 w-14 object-cover sm:h-16 sm:w-16"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
