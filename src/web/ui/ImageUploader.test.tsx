import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImageUploader, imageItemFromUrl } from './ImageUploader';

// The product form's pictures: the vendor adds them; the super admin, editing for the vendor, only reorders or removes them.

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const items = [imageItemFromUrl('/uploads/a.webp'), imageItemFromUrl('/uploads/b.webp')];

describe('ImageUploader', () => {
  it('offers the vendor to add images, with the files it takes', () => {
    const html = renderToStaticMarkup(<ImageUploader items={items} onChange={() => undefined} />);
    expect(html).toContain('type="file"');
    expect(text(html)).toContain(
      '2 of 5. The first image is the main one. JPEG, PNG, WebP, GIF or AVIF, up to 5 MB each.',
    );
  });

  it('without adding, keeps moving and removing the pictures and says who adds them', () => {
    const html = renderToStaticMarkup(<ImageUploader items={items} onChange={() => undefined} canAdd={false} />);
    expect(html).not.toContain('type="file"');
    expect(html).toContain('aria-label="Remove Image 1 (main image)"');
    expect(html).toContain('aria-label="Move Image 2 left"');
    expect(text(html)).toContain('2 of 5. The first image is the main one. Only the vendor can add images.');
  });
});
