import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { absoluteUrl, shareLink } from '@/lib/share';
import { toast } from '@/lib/toast';

/** One toast for sharing, whatever is shared: a second tap replaces it. */
const SHARE_TOAST = { toastId: 'share' };

/** "Share": the system share sheet, or the link copied to the clipboard with a "Link copied" toast. */
export function ShareButton({ title, path, className }: { title: string; path: string; className?: string }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const outcome = await shareLink({ title, url: absoluteUrl(path) });
      if (outcome === 'copied') toast.success('Link copied', SHARE_TOAST);
      else if (outcome === 'failed') toast.error('Could not copy the link', SHARE_TOAST);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" className={className} disabled={busy} onClick={() => void onClick()}>
      <Share2 className="size-4" aria-hidden="true" />
      Share
    </Button>
  );
}
