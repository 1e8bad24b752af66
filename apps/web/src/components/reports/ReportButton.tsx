import type { ReportTargetType } from '@campusrun/shared';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ReportDialog } from './deferred';

/** A quiet "Report" action that opens the report dialog for one target. */
export function ReportButton({
  targetType,
  targetId,
  what,
  label = 'Report',
}: {
  targetType: ReportTargetType;
  targetId: string;
  what: string;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <Flag className="size-4" aria-hidden="true" />
        {label}
      </Button>
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
