import type { LucideIcon } from 'lucide-react';
import { MoreHorizontal } from 'lucide-react';
import type { RefObject } from 'react';
import { deferredModule, standInProps, useDeferred } from '@/lib/deferred';

interface MoreMenuItem {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  disabled?: boolean;
}

export interface MoreMenuProps {
  /** The ⋯ button's accessible name. */
  label: string;
  items: MoreMenuItem[];
  buttonClassName: string;
  /** Classes of the box around the button (the menu's own element). */
  className?: string;
  /** The button, for callers that open the menu themselves (a long press). */
  buttonRef?: RefObject<HTMLButtonElement | null>;
}

const popup = deferredModule(async () => (await import('./MoreMenuPopup')).MoreMenuPopup);

/**
 * A ⋯ menu whose code (Headless UI's menu and its positioning) arrives after the first screen. Until
 * then a stand-in that looks the same is drawn; pressing it opens the real menu as soon as it is here.
 */
export function MoreMenu({ label, items, buttonClassName, className, buttonRef }: MoreMenuProps) {
  const menu = useDeferred(popup);
  const Popup = menu.value;
  if (Popup)
    return (
      <Popup
        label={label}
        items={items}
        buttonClassName={buttonClassName}
        className={className}
        buttonRef={buttonRef}
        arrivedAs={menu.arrivedAs}
      />
    );
  return (
    <div className={className}>
      <button
        {...standInProps(menu)}
        ref={buttonRef}
        aria-label={label}
        aria-haspopup="menu"
        className={buttonClassName}
      >
        <MoreHorizontal className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
