import { Flag } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { ReportDialog } from '@/components/reports/deferred';
import { useLongPress } from '../hooks/useLongPress';
import { moreButtonClasses } from './menu-styles';
import { MoreMenu } from './MoreMenu';

/**
 * A received message with its own ⋯ menu (Report message). The button shows on hover or focus with a
 * mouse and always on a touch screen, where a long press on the message opens the menu too.
 */
export function ReceivedMessage({
  messageId,
  what,
  children,
}: {
  messageId: string;
  /** The message, for the labels: "the message of 10:32". */
  what: string;
  children: ReactNode;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const [reporting, setReporting] = useState(false);
  const press = useLongPress(() => {
    if (button.current?.getAttribute('aria-expanded') !== 'true') button.current?.click();
  });
  return (
    <div className="group flex w-full items-center gap-1">
      {/* Not a box of its own: the message keeps its width against the whole row. */}
      <div {...press} className="contents [-webkit-touch-callout:none]">
        {children}
      </div>
      <MoreMenu
        label={`More actions for ${what}`}
        className="contents"
        buttonRef={button}
        buttonClassName={`${moreButtonClasses} -my-1.5 opacity-0 group-hover:opacity-100 focus-visible:opacity-100 data-open:opacity-100 pointer-coarse:opacity-100`}
        items={[{ label: 'Report message', icon: Flag, onSelect: () => setReporting(true) }]}
      />
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        targetType="message"
        targetId={messageId}
        what={what}
      />
    </div>
  );
}
