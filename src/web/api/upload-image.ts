import type { ErrorResponse } from '../../contracts/errors.contract';
import { mediaMessages, type ImageType, type UploadedImage } from '../../contracts/media.contract';
import { ApiError, getActingVendorId } from './client';

type UploadArgs = { file: File; imageType: ImageType; entityId: string; onProgress?: (percent: number) => void };

/**
 * Sends an image to POST /api/media as multipart form data, reporting upload progress (fetch
 * cannot), with the same CSRF header and error shape as the API client.
 */
export function uploadImage({ file, imageType, entityId, onProgress }: UploadArgs): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    // Fields before the file, as the server reads the form in order.
    form.append('imageType', imageType);
    form.append('entityId', entityId);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media');
    xhr.withCredentials = true;
    xhr.setRequestHeader('x-requested-with', 'haat');
    // A team member's product pictures and shop images are the vendor's it acts for.
    const vendor = getActingVendorId();
    if (vendor && imageType !== 'profile' && imageType !== 'return') xhr.setRequestHeader('x-haat-vendor', vendor);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'Could not reach Haat. Check your connection and try again.'));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(xhr.response as UploadedImage);
        return;
      }
      const err = (xhr.response as ErrorResponse | null)?.error;
      reject(
        new ApiError(xhr.status, err?.code ?? 'INTERNAL', err?.message ?? mediaMessages.uploadFailed, err?.fields),
      );
    };
    xhr.send(form);
  });
}
