import type { ReportTargetType } from '@campusrun/shared';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ReportDialog } from './deferred';

/**
 * A quiet "Report" action that opens the report dialog for one target; `ariaLabel` names it where
 * several show at once, `onSent` follows a report sent.
 */
export function ReportButton({
  targetType,
  targetId,
  what,
  label = 'Report',
  ariaLabel,
  onSent,
}: {
  targetType: ReportTargetType;
  targetId: string;
  what: string;
  label?: string;
  ariaLabel?: string;
  onSent?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={ariaLabel}>
        <Flag className="size-4" aria-hidden="true" />
        {label}
      </Button>
      <ReportDialog
        open={open}
        onClose={() => setOpen(false)}
        targetType={targetType}
        targetId={targetId}
        what={what}
        onSent={onSent}
      />
    </>
  );
}
