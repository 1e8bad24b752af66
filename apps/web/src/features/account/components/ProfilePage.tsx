import { PROFILE_ANCHORS, type User } from '@campusrun/shared';
import clsx from 'clsx';
import { Badge } from '@/components/ui/Badge';
import { formatMonthYear } from '@/lib/format';
import { useAuth } from '@/lib/auth';
import { useSignOut } from '@/lib/auth-sign-out';
import { useBrowserFact } from '@/lib/browser-fact';
import { LogOut, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/Button';
import { BlockedUsers } from '@/components/people/BlockedUsers';
import { AppearanceSettings } from './AppearanceSettings';
import { AvatarEditor } from './AvatarEditor';
import { DeleteAccount } from './DeleteAccount';
import { DownloadMyData } from './DownloadMyData';
import { PasswordSection } from './PasswordSection';
import { ProfileForm } from './ProfileForm';
import { EmailSettings } from './EmailSettings';
import { PushSettings } from './PushSettings';
import { SessionsList } from './SessionsList';

const ROLE_LABEL = { hosteller: 'Hosteller', dayscholar: 'Day Scholar' } as const;

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium wrap-anywhere text-slate-900 sm:col-span-2 sm:mt-0">
        {value || <span className="font-normal text-slate-500">Not set</span>}
      </dd>
    </div>
  );
}

const card = 'self-start rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200';

/**
 * Editing the account's details: off at first; on when the address asks for the UPI ID
 * (`/profile#upi-id`, from a money card), with the cursor there. A page drawn on the server knows no
 * #hash: while it is taken over, the details show as drawn.
 */
function useEditing() {
  const { hash } = useLocation();
  const toUpi = hash === `#${PROFILE_ANCHORS.upiId}`;
  const drawn = useBrowserFact(() => false, true);
  const [chosen, setEditing] = useState<boolean | null>(null);
  const opened = chosen === null && toUpi && !drawn;
  return { editing: chosen ?? opened, setEditing, focusUpi: opened };
}

/**
 * Account: the details, or their form while editing. A section of its own because the browser learns
 * only after taking the page over whether the address asks for the UPI ID: that news draws this
 * section again, not the whole page.
 */
function AccountSection({ user }: { user: User }) {
  const { editing, setEditing, focusUpi } = useEditing();
  const isHosteller = user.role === 'hosteller';
  return (
    <section aria-labelledby="account-heading" className={card}>
      <div className="flex items-center justify-between gap-3">
        <h2 id="account-heading" className="text-base font-semibold text-slate-900">
          Account
        </h2>
        {!editing && (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit profile
          </Button>
        )}
      </div>
      <div className="mt-3">
        {editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} focusUpi={focusUpi} />
        ) : (
          <dl className="divide-y divide-slate-100">
            <Detail label="Email" value={user.email} />
            <Detail label="Phone number" value={user.phoneNumber} />
            {isHosteller && <Detail label="Hostel block" value={user.hostelBlock} />}
            {isHosteller && <Detail label="Room number" value={user.roomNumber} />}
            <Detail label="UPI ID" value={user.upiId} />
          </dl>
        )}
      </div>
    </section>
  );
}

/** The last thing on the Me tab: this device signs out and the sign-in page opens. */
function SignOutButton() {
  const signOut = useSignOut();
  return (
    <Button variant="secondary" size="lg" onClick={signOut} className="w-full sm:w-auto">
      <LogOut className="size-5" aria-hidden="true" />
      Sign out
    </Button>
  );
}

/**
 * /profile (the Me tab): the photo (tap to change), name and role at the top, then Account, Security
 * and sessions, Notifications, Blocked users, Appearance and Your data, each said once, and Sign out.
 */
export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;

  return (
    <>
      <title>Profile · CampusRun</title>
      <h1 className="text-2xl font-semibold text-slate-900">Profile</h1>

      <section aria-label="Profile photo" className={clsx(card, 'mt-6')}>
        <AvatarEditor user={user}>
          <p className="max-w-full text-center text-lg font-semibold wrap-anywhere text-slate-900 sm:text-left">
            {user.name}
          </p>
          <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
            {user.role && <Badge tone="indigo">{ROLE_LABEL[user.role]}</Badge>}
            <span className="text-sm text-slate-500">Member since {formatMonthYear(user.createdAt)}</span>
          </div>
        </AvatarEditor>
      </section>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <AccountSection user={user} />

        <section aria-labelledby="security-heading" className={card}>
          <h2 id="security-heading" className="text-base font-semibold text-slate-900">
            Security and sessions
          </h2>
          <PasswordSection />
          <section aria-labelledby="sessions-heading" className="mt-6 border-t border-slate-100 pt-4">
            <h3 id="sessions-heading" className="text-sm font-medium text-slate-900">
              Signed-in devices
            </h3>
            <SessionsList />
          </section>
        </section>

        <section aria-labelledby="push-heading" className={card}>
          <h2 id="push-heading" className="text-base font-semibold text-slate-900">
            Notifications
          </h2>
          <PushSettings />
          <EmailSettings />
        </section>

        <section aria-labelledby="blocked-heading" className={card}>
          <h2 id="blocked-heading" className="text-base font-semibold text-slate-900">
            Blocked users
          </h2>
          <BlockedUsers />
        </section>

        <section aria-labelledby="appearance-heading" className={card}>
          <h2 id="appearance-heading" className="text-base font-semibold text-slate-900">
            Appearance
          </h2>
          <AppearanceSettings />
        </section>

        <section aria-labelledby="data-heading" className={card}>
          <h2 id="data-heading" className="text-base font-semibold text-slate-900">
            Your data
          </h2>
          {/* One row per thing the user can do with their data. */}
          <div className="mt-1 divide-y divide-slate-100">
            <DownloadMyData />
            <DeleteAccount />
          </div>
        </section>
      </div>

      <div className="mt-6 flex justify-center sm:justify-start">
        <SignOutButton />
      </div>
    </>
  );
}
