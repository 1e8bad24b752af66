import { PRODUCT_IMAGE_ACCEPT } from '@campusrun/shared';
import clsx from 'clsx';
import { ImagePlus, RefreshCw, Trash2 } from 'lucide-react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { useObjectUrl } from '@/lib/object-url';
import { PHOTO_HINT, photoRefusal } from './wanted-photo';

/**
 * The new-post form's optional photo: an "Add photo" tile opens the camera or the gallery; the chosen
 * photo shows as a preview beside "Change photo" and "Remove photo". A file the server would refuse
 * anyway (type, size) is not taken and the reason shows under the field. The photo is only kept here;
 * the form sends it once the post exists.
 */
export function PhotoPicker({
  file,
  onChange,
  disabled,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const preview = useObjectUrl(file);
  const [error, setError] = useState<string | null>(null);
  // After Remove photo its button is gone: the focus goes to the Add photo tile in its place.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || file) return;
    refocus.current = false;
    addRef.current?.focus();
  }, [file]);

  const choose = (picked: File) => {
    const refused = photoRefusal(picked);
    setError(refused);
    if (!refused) onChange(picked);
  };
  const pick = () => inputRef.current?.click();
  const describedBy = [error ? errorId : '', hintId].filter(Boolean).join(' ');

  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-700">Photo (optional)</legend>
      <div className="mt-1.5 flex items-center gap-4">
        {file ? (
          <>
            <span className="size-28 shrink-0 overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
              {preview && (
                <img
                  src={preview}
                  alt="Preview of the chosen photo"
                  width={112}
                  height={112}
                  className="size-full object-cover"
                />
              )}
            </span>
            <div className="flex min-w-0 flex-col items-start gap-2">
              <Button size="sm" variant="secondary" onClick={pick} disabled={disabled}>
                <RefreshCw className="size-4" aria-hidden="true" />
                Change photo
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setError(null);
                  refocus.current = true;
                  onChange(null);
                }}
                disabled={disabled}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Remove photo
              </Button>
            </div>
          </>
        ) : (
          <button
            ref={addRef}
            type="button"
            onClick={pick}
            disabled={disabled}
            aria-describedby={describedBy}
            className={clsx(
              'flex size-28 shrink-0 flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed p-2 text-center text-sm font-medium text-indigo-700 hover:bg-indigo-50',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60',
              error ? 'border-red-400' : 'border-slate-300',
            )}
          >
            <ImagePlus className="size-6" aria-hidden="true" />
            Add photo
          </button>
        )}
      </div>
      {/* Opened by the buttons above. */}
      <PhotoFileInput inputRef={inputRef} disabled={disabled} onPick={choose} />
      <p id={hintId} className="mt-1.5 text-sm text-slate-500">
        Helps sellers see what you mean. {PHOTO_HINT}.
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The hidden file field a wanted post's photo buttons open: one image; on a phone it offers the camera
 * and the gallery. It is emptied after each pick, so the same file can be picked again after it was
 * removed, refused or failed.
 */
export function PhotoFileInput({
  inputRef,
  disabled,
  onPick,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  disabled?: boolean;
  onPick: (file: File) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={PRODUCT_IMAGE_ACCEPT}
      aria-label="Choose a photo"
      tabIndex={-1}
      disabled={disabled}
      className="sr-only"
      onChange={(event) => {
        const picked = event.target.files?.[0];
        event.target.value = '';
        if (picked) onPick(picked);
      }}
    />
  );
}
