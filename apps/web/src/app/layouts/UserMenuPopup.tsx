import { LOST_FOUND_UI, type User } from '@campusrun/shared';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { BellRing, Check, LogOut, SearchCheck, UserCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSignOut } from '@/lib/auth-sign-out';
import { type Arrival, useArrival } from '@/lib/deferred';
import { THEME_CHOICES, THEME_LABELS, setThemeChoice, useThemeChoice } from '@/lib/theme';
import { USER_MENU_BUTTON, UserMenuFace } from './UserMenuFace';

const itemClasses =
  'flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

/**
 * The user menu itself (Headless UI): profile, the sellers one follows, saved searches, lost and
 * found, theme, sign out.
 */
export function UserMenuPopup({ user, arrivedAs }: { user: User; arrivedAs?: Arrival }) {
  const button = useArrival(arrivedAs);
  const signOut = useSignOut();
  const theme = useThemeChoice();

  return (
    <Menu as="div" className="relative">
      <MenuButton ref={button} aria-label="Open user menu" className={USER_MENU_BUTTON}>
        <UserMenuFace user={user} />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        transition
        className="z-40 w-60 rounded-xl bg-white py-1 shadow-lg ring-1 ring-slate-200 transition duration-150 focus:outline-none data-closed:opacity-0 motion-reduce:transition-none"
      >
        <div className="border-b border-slate-200 px-4 py-3">
          <p className="truncate text-sm font-medium text-slate-900">{user.name}</p>
          <p className="truncate text-sm text-slate-500">{user.email}</p>
        </div>
        <MenuItem>
          <Link to={paths.profile} className={itemClasses}>
            <UserRound className="size-4 text-slate-500" aria-hidden="true" />
            Profile
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={paths.following} className={itemClasses}>
            <UserCheck className="size-4 text-slate-500" aria-hidden="true" />
            Following
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={paths.searches} className={itemClasses}>
            <BellRing className="size-4 text-slate-500" aria-hidden="true" />
            Saved searches
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={paths.lostFoundList} className={itemClasses}>
            <SearchCheck className="size-4 text-slate-500" aria-hidden="true" />
            {LOST_FOUND_UI.title}
          </Link>
        </MenuItem>
        <div role="group" aria-labelledby="theme-heading" className="border-b border-slate-200 py-1">
          <p id="theme-heading" className="px-4 pt-1.5 pb-1 text-xs font-medium text-slate-500">
            Theme
          </p>
          {THEME_CHOICES.map((choice) => (
            <MenuItem key={choice}>
              <button
                type="button"
                aria-current={theme === choice ? 'true' : undefined}
                onClick={() => setThemeChoice(choice)}
                className={itemClasses}
              >
                <Check
                  className={theme === choice ? 'size-4 text-indigo-700' : 'invisible size-4'}
                  aria-hidden="true"
                />
                {THEME_LABELS[choice]}
              </button>
            </MenuItem>
          ))}
        </div>
        <MenuItem>
          <button type="button" onClick={signOut} className={itemClasses}>
            <LogOut className="size-4 text-slate-500" aria-hidden="true" />
            Sign out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
