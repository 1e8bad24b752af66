import { LOST_FOUND_UI, type LostFoundPost } from '@campusrun/shared';
import clsx from 'clsx';
import { ImagePlus, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { mediaUrl } from '@/lib/media';
import { useObjectUrl } from '@/lib/object-url';
import { toast } from '@/lib/toast';
import { useRemoveLostFoundPhotos, useSetLostFoundPhotos } from '@/api/lost-found';
import { PhotoFileInput } from './PhotoFileInput';
import { PhotoUploadProgress } from './PhotoUploadProgress';
import { addPhotos } from './photo-rules';

const T = LOST_FOUND_UI.photos;
const TOAST = { toastId: 'lost-found:photos' } as const;

/** A photo in a 4:3 box of its own (nothing moves when it arrives), whole, at most 28 rem wide. */
function PhotoFrame({
  src,
  alt,
  dimmed,
  onError,
}: {
  src: string;
  alt: string;
  dimmed?: boolean;
  onError?: () => void;
}) {
  return (
    <div className="aspect-[4/3] w-full max-w-md overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
      <img
        src={src}
        alt={alt}
        width={800}
        height={600}
        decoding="async"
        onError={onError}
        className={clsx('size-full object-contain', dimmed && 'opacity-60')}
      />
    </div>
  );
}

/** The photos: the chosen one large, and, when there are several, the small copies to choose another. */
function Gallery({ post, onPhotoError }: { post: LostFoundPost; onPhotoError: () => void }) {
  const [shown, setShown] = useState(0);
  const total = post.photos.length;
  const index = Math.min(shown, total - 1);
  const photo = post.photos[index];
  if (!photo) return null;
  return (
    <div className="space-y-2">
      <PhotoFrame
        src={mediaUrl(photo.url)}
        alt={T.alt(post.title, index + 1, total)}
        onError={onPhotoError}
      />
      {total > 1 && (
        <ul className="flex gap-2">
          {post.photos.map((p, i) => (
            <li key={p.thumbnail}>
              <button
                type="button"
                aria-pressed={i === index}
                aria-label={T.show(i + 1, total)}
                onClick={() => setShown(i)}
                className={clsx(
                  'block size-14 overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600',
                  i === index
                    ? 'ring-2 ring-indigo-600 ring-offset-2 ring-offset-white'
                    : 'ring-1 ring-slate-200',
                )}
              >
                <img
                  src={mediaUrl(p.thumbnail)}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  decoding="async"
                  onError={onPhotoError}
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The poster's photos and their buttons: "Add photos" when there are none, "Change photos" (up to
 * three new ones take their place) and "Remove photos" when there are. Chosen photos are sent at once
 * (the first shown dimmed, with the progress under it); the server's words in a toast, a failure in
 * an alert, the photos as they were.
 */
function PosterPhotos({ post, onPhotoError }: { post: LostFoundPost; onPhotoError: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const pickRef = useRef<HTMLButtonElement>(null);
  const upload = useSetLostFoundPhotos();
  const remove = useRemoveLostFoundPhotos();
  const [sending, setSending] = useState<File | null>(null);
  const preview = useObjectUrl(sending);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;
  const hasPhotos = post.photos.length > 0;
  // After Remove photos its button is gone: the focus goes to Add photos, once it is enabled again.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || busy || hasPhotos) return;
    refocus.current = false;
    pickRef.current?.focus();
  }, [busy, hasPhotos]);

  async function send(picked: File[]) {
    const { files, refused } = addPhotos([], picked);
    setError(refused);
    if (files.length === 0) return;
    setSending(files[0] ?? null);
    setProgress(0);
    try {
      const { message } = await upload.mutateAsync({ id: post.id, files, onProgress: setProgress });
      toast.success(message, TOAST);
    } catch (err) {
      setError(errorMessage(err, T.failed));
    } finally {
      setSending(null);
      setProgress(null);
    }
  }

  function removeAll() {
    setError(null);
    refocus.current = true;
    remove.mutate(post.id, {
      onSuccess: ({ message }) => toast.success(message, TOAST),
      onError: (err) => {
        refocus.current = false;
        setError(errorMessage(err, T.removeFailed));
      },
    });
  }

  return (
    <div className="space-y-3">
      {preview ? (
        <PhotoFrame src={preview} alt={T.sending} dimmed />
      ) : (
        <Gallery post={post} onPhotoError={onPhotoError} />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button
          ref={pickRef}
          type="button"
          onClick={() => inputRef.current?.click()}
          disabled={busy}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          {hasPhotos ? (
            <RefreshCw className="size-4" aria-hidden="true" />
          ) : (
            <ImagePlus className="size-4" aria-hidden="true" />
          )}
          {hasPhotos ? T.change : T.add}
        </button>
        {hasPhotos && (
          <Button size="sm" variant="ghost" onClick={removeAll} isLoading={remove.isPending} disabled={busy}>
            {!remove.isPending && <Trash2 className="size-4" aria-hidden="true" />}
            {T.removeAll}
          </Button>
        )}
      </div>
      {!hasPhotos && !sending && <p className="text-sm text-slate-500">{T.hint}</p>}
      {/* Opened by the button above. */}
      <PhotoFileInput inputRef={inputRef} disabled={busy} onPick={(files) => void send(files)} />
      <PhotoUploadProgress fraction={progress} />
      {error && <Alert>{error}</Alert>}
    </div>
  );
}

/** A post's photos on its page: the pictures for everyone (none without); its poster also changes them. */
export function PostPhotos({ post, onPhotoError }: { post: LostFoundPost; onPhotoError: () => void }) {
  if (post.can.manage && post.state !== 'resolved')
    return (
      <div className="mt-4">
        <PosterPhotos post={post} onPhotoError={onPhotoError} />
      </div>
    );
  if (post.photos.length === 0) return null;
  return (
    <div className="mt-4">
      <Gallery post={post} onPhotoError={onPhotoError} />
    </div>
  );
}
