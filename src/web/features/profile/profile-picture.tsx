import { useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import type { Me } from '../../../contracts/auth.contract';
import { ACCEPTED_IMAGE_TYPES } from '../../../contracts/media.contract';
import { profileMessages } from '../../../contracts/profile.contract';
import { ApiError } from '../../api/client';
import { notify } from '../../ui/notify';
import { meQueryKey } from '../../api/session';
import { uploadImage } from '../../api/upload-image';
import { checkImageFile } from '../../ui/image-files';

const initials = (me: Me) =>
  (me.displayName || me.email)
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

/**
 * The profile picture with a Change photo button: the picked file shows at once as a preview with
 * the upload's progress; a refused file says why.
 */
export function ProfilePicture({ me }: { me: Me }) {
  const qc = useQueryClient();
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setError(problem);
      notify.error(`${profileMessages.updatePictureFailed}: ${problem}`, { action: 'profile-picture' });
      return;
    }
    setError(null);
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const image = await uploadImage({ file, imageType: 'profile', entityId: me.id, onProgress: setProgress });
      qc.setQueryData<Me | null>(meQueryKey, (m) => m && { ...m, profileImageUrl: image.url });
      notify.success('Profile picture updated!', { action: 'profile-picture' });
      setPreview(null);
    } catch (err) {
      const reason = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : null;
      setError(reason ?? profileMessages.updatePictureFailed);
      notify.error(reason ? `${profileMessages.updatePictureFailed}: ${reason}` : profileMessages.updatePictureFailed, {
        action: 'profile-picture',
      });
      setPreview(null);
    } finally {
      setProgress(null);
    }
  };

  const src = preview ?? me.profileImageUrl;
  const uploading = progress !== null;
  return (
    <div className="flex w-full max-w-[14rem] shrink-0 flex-col items-center gap-2 sm:w-44">
      <div className="relative h-24 w-24 sm:h-28 sm:w-28">
        {src ? (
          <img
            src={src}
            alt="Your profile picture"
            width={112}
            height={112}
            className={`h-full w-full rounded-full border-4 border-white object-cover shadow ${uploading ? 'opacity-60' : ''}`}
          />
        ) : (
          <div
            className="flex h-full w-full items-center justify-center rounded-full border-4 border-white bg-violet-100 text-2xl font-bold text-violet-800 shadow"
            aria-hidden="true"
          >
            {initials(me)}
          </div>
        )}
        <label
          htmlFor={inputId}
          className="absolute bottom-0 right-0 flex h-9 w-9 cursor-pointer items-center justify-center rounded-full bg-violet-700 text-white shadow hover:bg-violet-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-600 has-[:focus-visible]:ring-offset-2"
        >
          <Camera className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">Change profile picture</span>
          <input
            id={inputId}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            className="sr-only"
            onChange={pick}
            disabled={uploading}
            aria-describedby={`${inputId}-help`}
          />
        </label>
      </div>
      {uploading && (
        <div className="w-28" aria-live="polite">
          <div
            role="progressbar"
            aria-label="Uploading picture"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-1.5 overflow-hidden rounded-full bg-violet-100"
          >
            <div className="h-full bg-violet-700 transition-all" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-1 text-center text-xs text-slate-600">Uploading {progress}%</p>
        </div>
      )}
      <p
        id={`${inputId}-help`}
        className={error ? 'max-w-[14rem] text-center text-xs text-red-700' : 'sr-only'}
        role={error ? 'alert' : undefined}
      >
        {error ?? 'JPEG, PNG, WebP, GIF or AVIF, up to 5 MB'}
      </p>
    </div>
  );
}
