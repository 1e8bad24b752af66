import type { Run } from '@campusrun/shared';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { formatDateTime, formatRupees } from '@/lib/format';
import { absoluteUrl, shareLink } from '@/lib/share';
import { toast } from '@/lib/toast';

/** One toast for sharing, as elsewhere: a second tap replaces it. */
const SHARE_TOAST = { toastId: 'share' };

/** What an invitation to the run says, with its address. */
function runInvitation(run: Run) {
  return {
    title: `Run to ${run.pickupFrom}`,
    text: `Join the shared run to ${run.pickupFrom} on CampusRun by ${formatDateTime(run.cutoffAt)}: your share would be ${formatRupees(run.shareIfJoined)}.`,
    url: absoluteUrl(paths.run(run.id)),
  };
}

/** "Invite" (or "Share"): the run's link to send to others, with what joining would cost them. */
export function InviteButton({
  run,
  label = 'Invite',
  variant = 'secondary',
}: {
  run: Run;
  label?: string;
  variant?: 'primary' | 'secondary';
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const outcome = await shareLink(runInvitation(run));
      if (outcome === 'copied') toast.success('Link copied', SHARE_TOAST);
      else if (outcome === 'failed') toast.error('Could not copy the link', SHARE_TOAST);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} disabled={busy} onClick={() => void onClick()}>
      <Share2 className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );
}
