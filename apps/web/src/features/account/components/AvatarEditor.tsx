import {
  AVATAR_ACCEPT,
  AVATAR_IMAGE_TYPES,
  AVATAR_LIMITS,
  AVATAR_MESSAGES,
  type User,
} from '@campusrun/shared';
import { Camera, Trash2 } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useObjectUrl } from '@/lib/object-url';
import { mayShrink } from '@/lib/resize-photo';
import { toast } from '@/lib/toast';
import { useRemoveAvatar, useUploadAvatar } from '@/api/account';

/**
 * A file the server would refuse at once, by its declared type, and by its size when it goes as it is
 * (one this device resizes first is sent far smaller); else null.
 */
function refusal(file: File): string | null {
  if (!AVATAR_IMAGE_TYPES.includes(file.type)) return AVATAR_MESSAGES.imageType;
  if (file.size > AVATAR_LIMITS.maxBytes && !mayShrink(file)) return AVATAR_MESSAGES.imageTooLarge;
  return null;
}

/**
 * The profile photo: the current one (or the initial), tapped to change it → a square preview cropped
 * from the centre as the server will → Save photo with upload progress; Remove photo. `children`
 * (the name and role) show beside it.
 */
export function AvatarEditor({ user, children }: { user: User; children?: ReactNode }) {
  const { updateUser } = useAuth();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  function choose(picked: File) {
    const refused = refusal(picked);
    setError(refused);
    setFile(refused ? null : picked);
  }

  async function save() {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const { message, user: updated } = await upload.mutateAsync({ file, onProgress: setProgress });
      updateUser(updated);
      setFile(null);
      toast.success(message);
    } catch (err) {
      setError(errorMessage(err, AVATAR_MESSAGES.uploadFailed));
    } finally {
      setProgress(null);
    }
  }

  async function removePhoto() {
    setError(null);
    try {
      const { message, user: updated } = await remove.mutateAsync();
      updateUser(updated);
      toast.success(message);
    } catch (err) {
      setError(errorMessage(err, AVATAR_MESSAGES.removeFailed));
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col items-center gap-4 sm:flex-row">
        {file ? (
          // The server crops the centre square; object-cover shows the same part.
          <span className="size-24 shrink-0 overflow-hidden rounded-full ring-2 ring-indigo-500 ring-offset-2">
            <img src={preview} alt="Preview of your new photo" className="size-full object-cover" />
          </span>
        ) : (
          <button
            type="button"
            aria-label="Change photo"
            onClick={() => inputRef.current?.click()}
            disabled={busy}
            className="relative shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <Avatar id={user.id} name={user.name} src={user.avatar} size="xl" alt="Your profile photo" />
            <span className="absolute right-0 bottom-0 flex size-8 items-center justify-center rounded-full bg-white text-slate-700 shadow ring-1 ring-slate-300">
              <Camera className="size-4" aria-hidden="true" />
            </span>
          </button>
        )}
        <div className="flex max-w-full min-w-0 flex-col items-center gap-2 sm:items-start">
          {children}
          <input
            ref={inputRef}
            type="file"
            accept={AVATAR_ACCEPT}
            aria-label="Choose a profile photo"
            tabIndex={-1}
            className="sr-only"
            onChange={(event) => {
              const picked = event.target.files?.[0];
              if (picked) choose(picked);
              // The same file can be picked again after an error.
              event.target.value = '';
            }}
          />
          <div className="flex flex-wrap justify-center gap-2">
            {file ? (
              <>
                <Button size="sm" onClick={() => void save()} isLoading={upload.isPending}>
                  Save photo
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setFile(null)} disabled={busy}>
                  Cancel
                </Button>
              </>
            ) : (
              <>
                {user.avatar && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => void removePhoto()}
                    isLoading={remove.isPending}
                    disabled={busy}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Remove photo
                  </Button>
                )}
              </>
            )}
          </div>
          <p className="text-center text-xs text-slate-500 sm:text-left">
            {file
              ? 'Shown as a circle, cropped from the centre.'
              : 'Tap your photo to change it · PNG, JPG, GIF or WebP, up to 5 MB.'}
          </p>
        </div>
      </div>
      {progress !== null && (
        <div aria-live="polite">
          <ProgressBar value={progress} label={progress >= 1 ? 'Processing photo…' : 'Uploading photo…'} />
        </div>
      )}
      {error && <Alert>{error}</Alert>}
    </div>
  );
}
