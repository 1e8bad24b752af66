import { WANTED_MESSAGES, type WantedPost } from '@campusrun/shared';
import clsx from 'clsx';
import { ImagePlus, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { mediaUrl } from '@/lib/media';
import { useObjectUrl } from '@/lib/object-url';
import { toast } from '@/lib/toast';
import { useRemoveWantedPhoto, useSetWantedPhoto } from '@/api/wanted';
import { PhotoFileInput } from './PhotoPicker';
import { PhotoUploadProgress } from './PhotoUploadProgress';
import { PHOTO_HINT, photoRefusal } from './wanted-photo';

const TOAST = { toastId: 'wanted:photo' } as const;

/**
 * The photo in a 4:3 box of its own (nothing moves when it arrives), whole, on a light ground where
 * its shape is not 4:3; at most 28 rem wide.
 */
function PhotoFrame({ src, alt, dimmed }: { src: string; alt: string; dimmed?: boolean }) {
  return (
    <div className="aspect-[4/3] w-full max-w-md overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
      <img
        src={src}
        alt={alt}
        width={800}
        height={600}
        loading="lazy"
        decoding="async"
        className={clsx('size-full object-contain', dimmed && 'opacity-60')}
      />
    </div>
  );
}

/**
 * The poster's photo and its buttons: "Add photo" when there is none, "Change photo" and "Remove
 * photo" when there is. A chosen photo is sent at once (shown, dimmed, with the progress under it);
 * the page takes the post the server answers, the server's words in a toast. Failures show in an
 * alert under the photo, the photo as it was.
 */
function PosterPhoto({ post }: { post: WantedPost }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const pickRef = useRef<HTMLButtonElement>(null);
  const upload = useSetWantedPhoto();
  const remove = useRemoveWantedPhoto();
  const [sending, setSending] = useState<File | null>(null);
  const preview = useObjectUrl(sending);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;
  // After Remove photo its button is gone: the focus goes to Add photo, once it is enabled again.
  const refocus = useRef(false);
  const hasPhoto = Boolean(post.photo);
  useEffect(() => {
    if (!refocus.current || busy || hasPhoto) return;
    refocus.current = false;
    pickRef.current?.focus();
  }, [busy, hasPhoto]);

  async function send(file: File) {
    const refused = photoRefusal(file);
    setError(refused);
    if (refused) return;
    setSending(file);
    setProgress(0);
    try {
      const { message } = await upload.mutateAsync({ id: post.id, file, onProgress: setProgress });
      toast.success(message, TOAST);
    } catch (err) {
      setError(errorMessage(err, WANTED_MESSAGES.photoFailed));
    } finally {
      setSending(null);
      setProgress(null);
    }
  }

  function removePhoto() {
    setError(null);
    refocus.current = true;
    remove.mutate(post.id, {
      onSuccess: ({ message }) => toast.success(message, TOAST),
      onError: (err) => {
        refocus.current = false;
        setError(errorMessage(err, WANTED_MESSAGES.removePhotoFailed));
      },
    });
  }

  const shown = preview ?? mediaUrl(post.photo?.url);
  return (
    <div className="mt-4 space-y-3">
      {shown && (
        <PhotoFrame
          src={shown}
          alt={preview ? 'The new photo, being added' : post.title}
          dimmed={Boolean(preview)}
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button
          ref={pickRef}
          type="button"
          onClick={() => inputRef.current?.click()}
          disabled={busy}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          {post.photo ? (
            <RefreshCw className="size-4" aria-hidden="true" />
          ) : (
            <ImagePlus className="size-4" aria-hidden="true" />
          )}
          {post.photo ? 'Change photo' : 'Add photo'}
        </button>
        {post.photo && (
          <Button
            size="sm"
            variant="ghost"
            onClick={removePhoto}
            isLoading={remove.isPending}
            disabled={busy}
          >
            {!remove.isPending && <Trash2 className="size-4" aria-hidden="true" />}
            Remove photo
          </Button>
        )}
        {!post.photo && !sending && <p className="text-sm text-slate-500">{PHOTO_HINT}</p>}
      </div>
      {/* Opened by the button above. */}
      <PhotoFileInput inputRef={inputRef} disabled={busy} onPick={(file) => void send(file)} />
      <PhotoUploadProgress fraction={progress} />
      {error && <Alert>{error}</Alert>}
    </div>
  );
}

/**
 * A wanted post's photo on its page: the picture for everyone (none when it has no photo); its poster
 * also adds, changes or removes it.
 */
export function WantedPhoto({ post }: { post: WantedPost }) {
  if (post.can.manage) return <PosterPhoto post={post} />;
  if (!post.photo) return null;
  return (
    <div className="mt-4">
      <PhotoFrame src={mediaUrl(post.photo.url)} alt={post.title} />
    </div>
  );
}
