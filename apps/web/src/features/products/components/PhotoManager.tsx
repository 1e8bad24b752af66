import { PRODUCT_IMAGE_ACCEPT, PRODUCT_LIMITS } from '@campusrun/shared';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight, ImagePlus, X } from 'lucide-react';
import { type ReactNode, type Ref, useId } from 'react';
import { mediaUrl } from '@/lib/media';
import { useObjectUrl } from '../hooks/useObjectUrl';

interface KeptPhoto {
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
  /** Reordering within the current photos, and within the new ones (new photos follow the current). */
  onMoveKept?: (from: number, to: number) => void;
  onMoveAdded?: (from: number, to: number) => void;
  /** While sending: how far each new photo has gone, 0 to 1 (in the order of `added`). */
  progress?: readonly number[] | null;
  /** The new photos the form refused (in the order of `added`): their tiles are marked. */
  addedErrors?: readonly (string | undefined)[];
  /** The size and type rule under the photos. */
  hint: string;
  error?: string;
  disabled?: boolean;
  /** The file input, for the form to focus when the photos are what is wrong. */
  inputRef?: Ref<HTMLInputElement>;
}

const tile = 'relative aspect-square overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200';
const refusedTile = 'relative aspect-square overflow-hidden rounded-lg bg-slate-100 ring-2 ring-red-600';

/** A 44 px tap target around a smaller round button face. */
function TileButton({
  label,
  onClick,
  disabled,
  className,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      className={clsx(
        'group absolute flex size-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60',
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow ring-1 ring-slate-300 group-hover:bg-white group-hover:text-slate-900">
        {children}
      </span>
    </button>
  );
}

interface TileControls {
  /** 1-based position among all photos, as people count them. */
  position: number;
  name: string;
  onRemove: () => void;
  onEarlier?: () => void;
  onLater?: () => void;
  disabled?: boolean;
}

function Controls({ position, name, onRemove, onEarlier, onLater, disabled }: TileControls) {
  return (
    <>
      <TileButton label={`Remove ${name}`} onClick={onRemove} disabled={disabled} className="top-0 right-0">
        <X className="size-4" aria-hidden="true" />
      </TileButton>
      {onEarlier && (
        <TileButton
          label={`Move photo ${position} earlier`}
          onClick={onEarlier}
          disabled={disabled}
          className="bottom-0 left-0"
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
        </TileButton>
      )}
      {onLater && (
        <TileButton
          label={`Move photo ${position} later`}
          onClick={onLater}
          disabled={disabled}
          className="right-0 bottom-0"
        >
          <ChevronRight className="size-4" aria-hidden="true" />
        </TileButton>
      )}
    </>
  );
}

const badge = 'max-w-full truncate rounded-full px-2 py-0.5 text-xs font-medium text-on-fill';

/**
 * A tile's labels, in its top-left corner. They keep out of the buttons' corners (the 44 px remove
 * button at the top right, the move buttons or the upload bar along the bottom), so no label is
 * ever under a button however small the tile.
 */
function Badges({ cover, isNew, refused }: { cover: boolean; isNew: boolean; refused: boolean }) {
  if (!cover && !isNew && !refused) return null;
  return (
    <span className="pointer-events-none absolute top-1.5 right-12 bottom-12 left-1.5 flex flex-col items-start gap-1 overflow-hidden">
      {refused && <span className={clsx(badge, 'bg-red-600')}>Error</span>}
      {cover && <span className={clsx(badge, 'bg-black/75')}>Cover</span>}
      {isNew && <span className={clsx(badge, 'bg-indigo-600')}>New</span>}
    </span>
  );
}

/** One new photo's share of the upload, over the bottom of its tile. */
function PhotoProgress({ value, position }: { value: number; position: number }) {
  const percent = Math.round(value * 100);
  return (
    <span className="absolute inset-x-0 bottom-0 bg-white/95 px-2 py-1">
      <span className="block text-center text-xs font-medium text-slate-800 tabular-nums">
        {percent === 100 ? 'Sent' : `${percent}%`}
      </span>
      <span
        role="progressbar"
        aria-label={`Upload of photo ${position}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-0.5 block h-1.5 overflow-hidden rounded-full bg-slate-200"
      >
        <span className="block h-full rounded-full bg-indigo-600" style={{ width: `${percent}%` }} />
      </span>
    </span>
  );
}

function NewPhoto({
  file,
  progress,
  refused,
  ...controls
}: TileControls & { file: File; progress: number | undefined; refused: boolean }) {
  const preview = useObjectUrl(file);
  return (
    <li className={refused ? refusedTile : tile}>
      {preview && (
        <img
          src={preview}
          alt={`New photo: ${file.name}`}
          width={160}
          height={160}
          className="size-full object-cover"
        />
      )}
      <Badges cover={controls.position === 1} isNew refused={refused} />
      {progress === undefined ? (
        <Controls {...controls} />
      ) : (
        <PhotoProgress value={progress} position={controls.position} />
      )}
    </li>
  );
}

/** Earlier/later handlers for the item at `index` of a group of `count`, or none at its ends. */
function mover(index: number, count: number, onMove?: (from: number, to: number) => void) {
  return {
    onEarlier: onMove && index > 0 ? () => onMove(index, index - 1) : undefined,
    onLater: onMove && index < count - 1 ? () => onMove(index, index + 1) : undefined,
  };
}

/**
 * The photos of a product form (listing and editing share the rule): keep or remove current ones,
 * add new ones, reorder them, 1 to 5 in total; the first is the cover.
 */
export function PhotoManager({
  kept,
  added,
  onRemoveKept,
  onRemoveAdded,
  onAdd,
  onMoveKept,
  onMoveAdded,
  progress,
  addedErrors,
  hint,
  error,
  disabled,
  inputRef,
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
      {/* Two across on a phone, four at most: room for a tile's labels beside its 44 px buttons. */}
      <ul className="mt-1.5 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
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
            <Badges cover={index === 0} isNew={false} refused={false} />
            <Controls
              position={index + 1}
              name={`photo ${index + 1}`}
              onRemove={() => onRemoveKept(photo.url)}
              {...mover(index, kept.length, onMoveKept)}
              disabled={disabled}
            />
          </li>
        ))}
        {added.map((file, index) => (
          <NewPhoto
            key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
            file={file}
            position={kept.length + index + 1}
            name={`new photo ${file.name}`}
            onRemove={() => onRemoveAdded(file)}
            {...mover(index, added.length, onMoveAdded)}
            progress={progress?.[index]}
            refused={Boolean(addedErrors?.[index])}
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
                ref={inputRef}
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
        {hint}
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
