import type { User } from '@campusrun/shared';
import { ChevronDown } from 'lucide-react';
import { Avatar } from '@/components/ui/Avatar';

export const USER_MENU_BUTTON =
  'flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:pr-2';

/** What the user menu's button shows: the avatar, and the name beside it from 640 px. */
export function UserMenuFace({ user }: { user: User }) {
  return (
    <>
      <Avatar id={user.id} name={user.name} src={user.avatar} size="sm" />
      <span className="hidden max-w-40 truncate text-sm font-medium sm:block">{user.name}</span>
      <ChevronDown className="hidden size-4 text-slate-500 sm:block" aria-hidden="true" />
    </>
  );
}
