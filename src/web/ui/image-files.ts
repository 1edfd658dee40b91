import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, mediaMessages } from '../../contracts/media.contract';

/** The reason a picked file will be refused before sending it, or null. The server checks the content again. */
export function checkImageFile(file: File): string | null {
  // Some systems give no type for a file: then the server's content check decides.
  if (file.type && !ACCEPTED_IMAGE_TYPES.split(',').includes(file.type)) return mediaMessages.invalidImage;
  if (file.size > MAX_UPLOAD_BYTES) return mediaMessages.tooLarge;
  return null;
}
