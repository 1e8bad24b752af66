import clsx from 'clsx';
import { useId } from 'react';

export interface ProgressBarProps {
  /** 0 to 1; omit for an indeterminate bar (work under way, no measure of how much). */
  value?: number;
  /** Shown above the bar and used as its accessible name. */
  label: string;
  /** Shown at the right of the label; defaults to the percentage when `value` is given. */
  valueText?: string;
  className?: string;
}

/** A labelled progress bar (e.g. an upload). */
export function ProgressBar({ value, label, valueText, className }: ProgressBarProps) {
  const labelId = useId();
  const percent = value === undefined ? undefined : Math.round(Math.min(1, Math.max(0, value)) * 100);
  const text = valueText ?? (percent === undefined ? undefined : `${percent}%`);
  return (
    <div className={clsx('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={labelId} className="font-medium text-slate-700">
          {label}
        </span>
        {text && <span className="text-slate-500 tabular-nums">{text}</span>}
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={clsx(
            'h-full rounded-full bg-indigo-600 transition-[width] duration-150 motion-reduce:transition-none',
            percent === undefined && 'w-1/3 animate-pulse',
          )}
          style={percent === undefined ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
