import type { Run } from '@campusrun/shared';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { formatDayTime, formatRupees } from '@/lib/format';
import { absoluteUrl } from '@/lib/share';
import { toast } from '@/lib/toast';

/** One toast for sharing, as elsewhere: a second tap replaces it. */
const SHARE_TOAST = { toastId: 'share' };

/** What an invitation to the run says, with its address. */
function runInvitation(run: Run) {
  return {
    title: `Run to ${run.pickupFrom}`,
    text: `Join the shared run to ${run.pickupFrom} on CampusRun by ${formatDayTime(run.cutoffAt)}: your share would be ${formatRupees(run.shareIfJoined)}.`,
    url: absoluteUrl(paths.run(run.id)),
  };
}

/**
 * The system share sheet with the invitation's words where the browser has one (phones), else the
 * link copied to the clipboard. Closing the share sheet is no failure; one that refuses falls back to
 * copying.
 */
async function share(invitation: ReturnType<typeof runInvitation>) {
  if (typeof navigator.share === 'function' && (navigator.canShare?.(invitation) ?? true)) {
    try {
      await navigator.share(invitation);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(invitation.url);
    return 'copied';
  } catch {
    return 'failed';
  }
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
      const outcome = await share(runInvitation(run));
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
