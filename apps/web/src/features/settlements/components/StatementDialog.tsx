import {
  DISPUTE_MESSAGES,
  PRODUCT_IMAGE_ACCEPT,
  SETTLEMENT_LIMITS,
  type DisputePhoto,
  statementFieldsSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { ImagePlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { OfflineReason, useOfflineReason } from '@/components/OfflineReason';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { useServerSubmit } from '@/lib/forms';
import { useObjectUrl } from '@/lib/object-url';
import { toast } from '@/lib/toast';
import { SETTLEMENT_TOAST, useWriteStatement } from '@/api/settlements';
import { pickStatementPhotos } from './statement-photos';

export interface StatementDialogProps {
  open: boolean;
  onClose: () => void;
  disputeId: string;
  /** The viewer's side as it stands: their words (empty before they give it) and photos. */
  text: string;
  photos: DisputePhoto[];
  /** The title: "Give your side" the first time, "Change your side" after. */
  title: string;
}

interface StatementValues {
  text: string;
}
const resolver = zodResolver(statementFieldsSchema.pick({ text: true })) as unknown as Resolver<
  StatementValues,
  unknown,
  StatementValues
>;

/** The bar while a side is sent: the photos' bytes first, then the server's work on them. */
function SendingProgress({ progress, photos }: { progress: number | null; photos: number }) {
  if (progress === null) return null;
  return (
    // White, not tinted: the bar's grey percentage needs it for 4.5:1 contrast.
    <div aria-live="polite" className="rounded-lg bg-white p-3 ring-1 ring-indigo-100">
      <ProgressBar
        value={progress}
        label={photos === 0 ? 'Saving…' : progress >= 1 ? 'Processing photos…' : 'Uploading photos…'}
      />
    </div>
  );
}

/** A picked photo before it is sent, drawn from the device. */
function NewPhoto({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled: boolean }) {
  const src = useObjectUrl(file);
  return (
    <PhotoTile
      src={src}
      alt={`New photo: ${file.name}`}
      remove={`Remove new photo ${file.name}`}
      {...{ onRemove, disabled }}
    />
  );
}

function PhotoTile({
  src,
  alt,
  remove,
  onRemove,
  disabled,
}: {
  src: string | undefined;
  alt: string;
  remove: string;
  onRemove: () => void;
  disabled: boolean;
}) {
  return (
    <li className="relative size-20 overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
      {src && <img src={src} alt={alt} width={80} height={80} className="size-full object-cover" />}
      <button
        type="button"
        aria-label={remove}
        onClick={onRemove}
        disabled={disabled}
        className="group absolute top-0 right-0 flex size-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60"
      >
        <span className="flex size-7 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow ring-1 ring-slate-300 group-hover:text-slate-900">
          <X className="size-4" aria-hidden="true" />
        </span>
      </button>
    </li>
  );
}

/**
 * One side of a dispute, written or changed: their words and up to 3 photos (a UPI screenshot, the
 * damaged item), checked like the server checks them; the photos are made smaller on the device and
 * the upload's progress shows. What the server refuses is said in the dialog, nothing typed or
 * picked is lost. Offline it cannot be sent.
 */
export function StatementDialog({ open, onClose, disputeId, text, photos, title }: StatementDialogProps) {
  const formId = useId();
  const mutation = useWriteStatement();
  const { offline, describedBy } = useOfflineReason();
  const [kept, setKept] = useState(() => photos.map((_, i) => i));
  const [added, setAdded] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<StatementValues, unknown, StatementValues>({
    resolver,
    defaultValues: { text },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    clearErrors,
    control,
    formState: { errors },
  } = form;
  const typed = useWatch({ control, name: 'text' });
  const busy = mutation.isPending;
  const { onSubmit, generalError, setGeneralError } = useServerSubmit(form, {
    fields: ['text'],
    submit: async (values) => {
      setProgress(0);
      try {
        return await mutation.mutateAsync({
          disputeId,
          text: values.text,
          keep: kept,
          photos: added,
          onProgress: setProgress,
        });
      } finally {
        setProgress(null);
      }
    },
    onSuccess: () => {
      toast.success(DISPUTE_MESSAGES.statementSaved, SETTLEMENT_TOAST);
      setAdded([]);
      onClose();
    },
    fallback: 'Failed to save your side',
  });

  const close = () => {
    if (busy) return;
    clearErrors();
    setGeneralError(null);
    setProblem(null);
    onClose();
  };
  const add = (files: File[]) => {
    const picked = pickStatementPhotos(kept.length + added.length, files);
    setProblem(picked.problem);
    setAdded((now) => [...now, ...picked.accepted]);
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description="The moderator reads both sides, the photos and the chat between you, then decides."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            isLoading={busy}
            disabled={offline}
            aria-describedby={describedBy}
          >
            Save your side
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <Field
          label="Your side"
          error={errors.text?.message}
          hint={`${typed.length}/${SETTLEMENT_LIMITS.disputeDetailsMax} characters`}
        >
          {(props) => (
            <Textarea
              {...props}
              rows={4}
              maxLength={SETTLEMENT_LIMITS.disputeDetailsMax}
              {...register('text')}
            />
          )}
        </Field>
        <PhotosField
          photos={photos}
          kept={kept}
          added={added}
          problem={problem}
          busy={busy}
          onRemoveKept={(index) => setKept((now) => now.filter((i) => i !== index))}
          onRemoveAdded={(file) => setAdded((now) => now.filter((f) => f !== file))}
          onAdd={add}
        />
        <SendingProgress progress={progress} photos={added.length} />
        {generalError && (
          <p role="alert" className="text-sm text-red-700">
            {generalError}
          </p>
        )}
        <OfflineReason id={describedBy} />
      </form>
    </Dialog>
  );
}

/** The photos of a side: those already there (kept or removed), new ones, and Add photos, 3 at most. */
function PhotosField({
  photos,
  kept,
  added,
  problem,
  busy,
  onRemoveKept,
  onRemoveAdded,
  onAdd,
}: {
  photos: DisputePhoto[];
  kept: number[];
  added: File[];
  problem: string | null;
  busy: boolean;
  onRemoveKept: (index: number) => void;
  onRemoveAdded: (file: File) => void;
  onAdd: (files: File[]) => void;
}) {
  const hintId = useId();
  const total = kept.length + added.length;
  const full = total >= SETTLEMENT_LIMITS.statementPhotosMax;
  return (
    <fieldset aria-describedby={[problem ? `${hintId}-problem` : '', hintId].filter(Boolean).join(' ')}>
      <legend className="flex w-full items-baseline justify-between text-sm font-medium text-slate-700">
        <span>Photos (optional)</span>
        <span className="font-normal text-slate-500">
          {total} of {SETTLEMENT_LIMITS.statementPhotosMax}
        </span>
      </legend>
      <ul className="mt-1.5 flex flex-wrap gap-2">
        {kept.map((index) => (
          <PhotoTile
            key={photos[index]!.thumbnailUrl}
            src={photos[index]!.thumbnailUrl}
            alt={`Photo ${index + 1}`}
            remove={`Remove photo ${index + 1}`}
            onRemove={() => onRemoveKept(index)}
            disabled={busy}
          />
        ))}
        {added.map((file, i) => (
          <NewPhoto
            key={`${file.name}-${file.size}-${file.lastModified}-${i}`}
            file={file}
            onRemove={() => onRemoveAdded(file)}
            disabled={busy}
          />
        ))}
        {!full && (
          <li>
            <label
              className={clsx(
                'flex size-20 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed p-1 text-center text-xs font-medium text-indigo-700 hover:bg-indigo-50',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
                problem ? 'border-red-400' : 'border-slate-300',
              )}
            >
              <ImagePlus className="size-5" aria-hidden="true" />
              Add photos
              <input
                type="file"
                multiple
                accept={PRODUCT_IMAGE_ACCEPT}
                disabled={busy}
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
        Up to 3 photos, 5 MB each. A UPI screenshot helps.
      </p>
      {problem && (
        <p id={`${hintId}-problem`} role="alert" className="mt-1.5 text-sm text-red-700">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
