import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/Button';
import { absoluteUrl, shareLink } from '@/lib/share';
import { toast } from '@/lib/toast';

/** One toast for sharing, whatever is shared: a second tap replaces it. */
const SHARE_TOAST = { toastId: 'share' };

/**
 * "Share" (or `label`): the system share sheet, with `text` as the invitation where given, or the link
 * copied to the clipboard with a "Link copied" toast.
 */
export function ShareButton({
  title,
  path,
  text,
  label = 'Share',
  variant = 'secondary',
  className,
}: {
  title: string;
  path: string;
  text?: string;
  label?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const outcome = await shareLink({ title, text, url: absoluteUrl(path) });
      if (outcome === 'copied') toast.success('Link copied', SHARE_TOAST);
      else if (outcome === 'failed') toast.error('Could not copy the link', SHARE_TOAST);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} className={className} disabled={busy} onClick={() => void onClick()}>
      <Share2 className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );
}
