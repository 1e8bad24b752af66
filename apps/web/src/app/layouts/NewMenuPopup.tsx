import { LOST_FOUND_UI } from '@campusrun/shared';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ClipboardPlus, Megaphone, PackagePlus, SearchCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { type Arrival, useArrival } from '@/lib/deferred';
import { NewFace } from './NewFace';

const menuItemClasses =
  'flex min-h-11 w-full items-center gap-3 px-4 py-3 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

/** The central +'s menu (Headless UI): New request, Sell product, Wanted item or Lost or found item. */
export function NewMenuPopup({ className, arrivedAs }: { className: string; arrivedAs?: Arrival }) {
  const button = useArrival(arrivedAs);
  return (
    <Menu>
      <MenuButton ref={button} className={className}>
        <NewFace />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'top', gap: 8 }}
        transition
        className="z-40 w-56 rounded-xl bg-white py-1 shadow-lg ring-1 ring-slate-200 transition duration-150 focus:outline-none data-closed:opacity-0 motion-reduce:transition-none"
      >
        <MenuItem>
          <Link to={paths.hosteller.newRequest} className={menuItemClasses}>
            <ClipboardPlus className="size-5 text-slate-500" aria-hidden="true" />
            New request
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={paths.hosteller.sellProduct} className={menuItemClasses}>
            <PackagePlus className="size-5 text-slate-500" aria-hidden="true" />
            Sell product
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={paths.newWanted} className={menuItemClasses}>
            <Megaphone className="size-5 text-slate-500" aria-hidden="true" />
            Wanted item
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={paths.newLostFound} className={menuItemClasses}>
            <SearchCheck className="size-5 text-slate-500" aria-hidden="true" />
            {LOST_FOUND_UI.newMenuItem}
          </Link>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
