import { PRODUCT_IMAGE_ACCEPT } from '@campusrun/shared';
import clsx from 'clsx';
import { ImagePlus, Trash2 } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { formatFileSize } from './file-size';
import { useObjectUrl } from '../hooks/useObjectUrl';

export interface PhotoPickerProps {
  label: string;
  hint: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  disabled?: boolean;
}

/** One photo: a drop zone / file button, then a preview with Change and Remove. */
export function PhotoPicker({ label, hint, file, onChange, error, disabled }: PhotoPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onChange(dropped);
  };

  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => {
        const input = (
          <input
            ref={inputRef}
            id={control.id}
            aria-describedby={control['aria-describedby']}
            aria-invalid={control['aria-invalid']}
            type="file"
            accept={PRODUCT_IMAGE_ACCEPT}
            disabled={disabled}
            className="sr-only"
            onChange={(event) => {
              const picked = event.target.files?.[0];
              if (picked) onChange(picked);
              // The same file can be picked again after an error.
              event.target.value = '';
            }}
          />
        );
        if (!file) {
          return (
            <label
              htmlFor={control.id}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={clsx(
                'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center hover:bg-slate-50',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
                dragging
                  ? 'border-indigo-500 bg-indigo-50'
                  : control.invalid
                    ? 'border-red-400'
                    : 'border-slate-300',
              )}
            >
              <ImagePlus className="size-8 text-slate-400" aria-hidden="true" />
              <span className="text-sm text-slate-600">
                <span className="font-medium text-indigo-700">Choose a photo</span> or drag it here
              </span>
              {input}
            </label>
          );
        }
        return (
          <div className="flex items-center gap-4 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <div className="size-24 shrink-0 overflow-hidden rounded-lg bg-slate-200 sm:size-28">
              {preview && (
                <img
                  src={preview}
                  alt={`Preview of ${file.name}`}
                  width={112}
                  height={112}
                  className="size-full object-cover"
                />
              )}
            </div>
            <div className="min-w-0 flex-1 space-y-2">
              <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
              <p className="text-sm text-slate-600">{formatFileSize(file.size)}</p>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={disabled}
                  onClick={() => inputRef.current?.click()}
                >
                  Change photo
                </Button>
                <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(null)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Remove
                </Button>
              </div>
            </div>
            {input}
          </div>
        );
      }}
    </Field>
  );
}
