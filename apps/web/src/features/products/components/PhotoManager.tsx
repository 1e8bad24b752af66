import { PRODUCT_IMAGE_ACCEPT, PRODUCT_LIMITS } from '@campusrun/shared';
import clsx from 'clsx';
import { ImagePlus, X } from 'lucide-react';
import { useId } from 'react';
import { mediaUrl } from '@/lib/media';
import { useObjectUrl } from '../hooks/useObjectUrl';

export interface KeptPhoto {
  /** The full-size URL as the API gave it (sent back in `existingImages`). */
  url: string;
  thumbnail: string;
}

export interface PhotoManagerProps {
  kept: KeptPhoto[];
  added: File[];
  onRemoveKept: (url: string) => void;
  onRemoveAdded: (file: File) => void;
  onAdd: (files: File[]) => void;
  error?: string;
  disabled?: boolean;
}

const tile = 'relative aspect-square overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200';

function RemoveButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      className="absolute top-1.5 right-1.5 flex size-8 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow ring-1 ring-slate-300 hover:bg-white hover:text-red-700 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60"
    >
      <X className="size-4" aria-hidden="true" />
    </button>
  );
}

function CoverBadge() {
  return (
    <span className="absolute bottom-1.5 left-1.5 rounded-full bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white">
      Cover
    </span>
  );
}

function NewPhoto({
  file,
  index,
  onRemove,
  disabled,
}: {
  file: File;
  index: number;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const preview = useObjectUrl(file);
  return (
    <li className={tile}>
      {preview && (
        <img
          src={preview}
          alt={`New photo: ${file.name}`}
          width={160}
          height={160}
          className="size-full object-cover"
        />
      )}
      <span className="absolute bottom-1.5 left-1.5 rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-medium text-on-fill">
        New
      </span>
      {index === 0 && <CoverBadge />}
      <RemoveButton label={`Remove new photo ${file.name}`} onClick={onRemove} disabled={disabled} />
    </li>
  );
}

/** The edit form's photos: keep or remove current ones, add new ones, 1 to 5 in total. */
export function PhotoManager({
  kept,
  added,
  onRemoveKept,
  onRemoveAdded,
  onAdd,
  error,
  disabled,
}: PhotoManagerProps) {
  const id = useId();
  const total = kept.length + added.length;
  const full = total >= PRODUCT_LIMITS.maxImages;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <fieldset aria-describedby={[error ? errorId : '', hintId].filter(Boolean).join(' ')}>
      <legend className="flex w-full items-baseline justify-between text-sm font-medium text-slate-700">
        <span>Photos</span>
        <span className="font-normal text-slate-500">
          {total} of {PRODUCT_LIMITS.maxImages}
        </span>
      </legend>
      <ul className="mt-1.5 grid grid-cols-3 gap-3 sm:grid-cols-5">
        {kept.map((photo, index) => (
          <li key={photo.url} className={tile}>
            <img
              src={mediaUrl(photo.thumbnail)}
              alt={`Photo ${index + 1}`}
              width={160}
              height={160}
              loading="lazy"
              className="size-full object-cover"
            />
            {index === 0 && <CoverBadge />}
            <RemoveButton
              label={`Remove photo ${index + 1}`}
              onClick={() => onRemoveKept(photo.url)}
              disabled={disabled}
            />
          </li>
        ))}
        {added.map((file, index) => (
          <NewPhoto
            key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
            file={file}
            index={kept.length + index}
            onRemove={() => onRemoveAdded(file)}
            disabled={disabled}
          />
        ))}
        {!full && (
          <li className="aspect-square">
            <label
              className={clsx(
                'flex size-full cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed p-2 text-center text-xs font-medium text-indigo-700 hover:bg-indigo-50',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
                error ? 'border-red-400' : 'border-slate-300',
              )}
            >
              <ImagePlus className="size-6" aria-hidden="true" />
              Add photos
              <input
                type="file"
                multiple
                accept={PRODUCT_IMAGE_ACCEPT}
                disabled={disabled}
                aria-describedby={[error ? errorId : '', hintId].filter(Boolean).join(' ')}
                aria-invalid={error ? true : undefined}
                className="sr-only"
                onChange={(event) => {
                  const files = Array.from(event.target.files ?? []);
                  event.target.value = '';
                  if (files.length > 0) onAdd(files);
                }}
              />
            </label>
          </li>
        )}
      </ul>
      <p id={hintId} className="mt-1.5 text-sm text-slate-500">
        Up to 10MB each · PNG, JPG or GIF · The first photo is the cover.
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
