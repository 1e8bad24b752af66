import { LOST_FOUND_LIMITS, LOST_FOUND_UI } from '@campusrun/shared';
import clsx from 'clsx';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { useObjectUrl } from '@/lib/object-url';
import { PhotoFileInput } from './PhotoFileInput';
import { addPhotos } from './photo-rules';

const T = LOST_FOUND_UI.photos;

function Preview({
  file,
  n,
  disabled,
  onRemove,
}: {
  file: File;
  n: number;
  disabled?: boolean;
  onRemove: () => void;
}) {
  const url = useObjectUrl(file);
  return (
    <li className="flex min-w-0 flex-col gap-1">
      <span className="aspect-square w-full overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
        {url && (
          <img src={url} alt={T.preview(n)} width={112} height={112} className="size-full object-cover" />
        )}
      </span>
      <Button
        size="sm"
        variant="ghost"
        className="min-w-11"
        onClick={onRemove}
        disabled={disabled}
        aria-label={T.remove(n)}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{T.removeShort}</span>
      </Button>
    </li>
  );
}

/**
 * The new post's photos, up to three: an "Add photos" tile opens the camera or the gallery (several
 * at once); each chosen photo shows as a preview with its Remove button. Files the server would refuse
 * anyway (type, size, a fourth) are not taken and the reason shows under the field. The photos are
 * only kept here; the form sends them once the post exists.
 */
export function PhotosPicker({
  files,
  onChange,
  found,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  /** A found post: the hint warns against showing what the question asks. */
  found: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const [error, setError] = useState<string | null>(null);
  // After a Remove its button is gone: the focus goes to the Add photos tile.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    addRef.current?.focus();
  }, [files]);

  const describedBy = [error ? errorId : '', hintId].filter(Boolean).join(' ');
  const full = files.length >= LOST_FOUND_LIMITS.photosMax;
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-700">{T.legend}</legend>
      <ul className="mt-1.5 grid grid-cols-3 gap-3 sm:max-w-md">
        {files.map((file, i) => (
          <Preview
            key={`${file.name}-${file.size}-${file.lastModified}-${i}`}
            file={file}
            n={i + 1}
            disabled={disabled}
            onRemove={() => {
              setError(null);
              refocus.current = true;
              onChange(files.filter((_, j) => j !== i));
            }}
          />
        ))}
        {!full && (
          <li>
            <button
              ref={addRef}
              type="button"
              onClick={() => inputRef.current?.click()}
              disabled={disabled}
              aria-describedby={describedBy}
              className={clsx(
                'flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed p-2 text-center text-sm font-medium text-indigo-700 hover:bg-indigo-50',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60',
                error ? 'border-red-400' : 'border-slate-300',
              )}
            >
              <ImagePlus className="size-6" aria-hidden="true" />
              {T.add}
            </button>
          </li>
        )}
      </ul>
      {/* Opened by the tile above. */}
      <PhotoFileInput
        inputRef={inputRef}
        disabled={disabled}
        onPick={(picked) => {
          const { files: kept, refused } = addPhotos(files, picked);
          setError(refused);
          if (kept.length !== files.length) onChange(kept);
        }}
      />
      <p id={hintId} className="mt-1.5 text-sm text-slate-500">
        {T.hint} {found && T.foundHint}
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
