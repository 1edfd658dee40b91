import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { Skeleton } from './States';

/** Renders `value` as a QR code image (PNG data URL); `onReady` receives the image for a download link. */
export function QrCode({
  value,
  size = 240,
  label,
  onReady,
}: {
  value: string;
  size?: number;
  label: string;
  onReady?: (dataUrl: string) => void;
}) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    toDataURL(value, { width: size, margin: 2, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (!live) return;
        setSrc(url);
        onReady?.(url);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // onReady is a callback of the parent; the image depends on the value and size only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, size]);
  if (failed) return <p className="text-sm text-red-600">Failed to generate QR code</p>;
  if (!src) return <Skeleton className="aspect-square w-full max-w-[240px]" />;
  return (
    <img
      src={src}
      width={size}
      height={size}
      alt={label}
      className="h-auto w-full max-w-[240px] rounded-md border border-slate-200 bg-white"
    />
  );
}
