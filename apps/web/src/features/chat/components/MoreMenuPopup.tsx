import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { MoreHorizontal } from 'lucide-react';
import { type Arrival, useArrival } from '@/lib/deferred';
import { menuItemClasses, menuItemsClasses } from './menu-styles';
import type { MoreMenuProps } from './MoreMenu';

/** The ⋯ menu itself (Headless UI), drawn in place of its stand-in once its code is here. */
export function MoreMenuPopup({
  label,
  items,
  buttonClassName,
  className,
  buttonRef,
  arrivedAs,
}: MoreMenuProps & { arrivedAs?: Arrival }) {
  const button = useArrival(arrivedAs, buttonRef);
  return (
    <Menu as="div" className={className}>
      <MenuButton ref={button} aria-label={label} className={buttonClassName}>
        <MoreHorizontal className="size-5" aria-hidden="true" />
      </MenuButton>
      <MenuItems anchor={{ to: 'bottom end', gap: 4, padding: 8 }} transition className={menuItemsClasses}>
        {items.map(({ label: itemLabel, icon: Icon, onSelect, disabled }) => (
          <MenuItem key={itemLabel}>
            <button type="button" onClick={onSelect} disabled={disabled} className={menuItemClasses}>
              <Icon className="size-4 text-slate-500" aria-hidden="true" />
              {itemLabel}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
