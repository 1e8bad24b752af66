import type { ReportTargetType } from '@campusrun/shared';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ReportDialog } from './ReportDialog';

/** A quiet "Report" action that opens the report dialog for one target. */
export function ReportButton({
  targetType,
  targetId,
  what,
  label = 'Report',
  compact = false,
}: {
  targetType: ReportTargetType;
  targetId: string;
  what: string;
  label?: string;
  /** A small text action (under a chat message) instead of a button. */
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {compact ? (
        <button
          type="button"
          aria-label={`${label} ${what}`}
          onClick={() => setOpen(true)}
          className="inline-flex min-h-6 items-center gap-1 rounded px-1 text-xs text-slate-500 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Flag className="size-3" aria-hidden="true" />
          {label}
        </button>
      ) : (
        <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
          <Flag className="size-4" aria-hidden="true" />
          {label}
        </Button>
      )}
      <ReportDialog
        open={open}
        onClose={() => setOpen(false)}
        targetType={targetType}
        targetId={targetId}
        what={what}
      />
    </>
  );
}
