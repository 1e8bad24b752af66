import type { Role } from '@campusrun/shared';
import { BadgeIndianRupee, KeyRound, Star } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { useBrowserFact } from '@/lib/browser-fact';

const storageKey = (userId: string) => `campusrun:first-run-done:${userId}`;

function readDone(userId: string): boolean {
  try {
    return localStorage.getItem(storageKey(userId)) === '1';
  } catch {
    return false;
  }
}

const POINTS: Record<Role, Array<{ icon: typeof Star; title: string; text: string }>> = {
  hosteller: [
    {
      icon: BadgeIndianRupee,
      title: 'The fee',
      text: 'The delivery fee you set is what the day scholar who brings your items earns; they see it before they accept. What the items cost is apart: they pay it at the shop and you pay it back.',
    },
    {
      icon: KeyRound,
      title: 'The handover code',
      text: 'Once someone accepts, you get a 4-digit code. Give it to them only when the items are in your hands; they type it to complete the delivery.',
    },
    {
      icon: Star,
      title: 'Ratings',
      text: 'After a delivery or a sale, both sides rate each other from 1 to 5 stars. Ratings show on profiles, so people know whom they deal with.',
    },
  ],
  dayscholar: [
    {
      icon: BadgeIndianRupee,
      title: 'The fee',
      text: 'Each request shows the fee its hosteller pays for the delivery. It counts in your earnings once the delivery is complete; an item cost is what you pay at the shop and get back.',
    },
    {
      icon: KeyRound,
      title: 'The handover code',
      text: 'When you hand the items over, ask the hosteller for their 4-digit code and type it to complete the delivery.',
    },
    {
      icon: Star,
      title: 'Ratings',
      text: 'After a delivery or a sale, both sides rate each other from 1 to 5 stars. Ratings show on profiles, so people know whom they deal with.',
    },
  ],
};

/**
 * How CampusRun works, on a dashboard with nothing on it yet: the fee, the handover code and
 * ratings. Dismissed once per account on this device.
 */
export function FirstRunCard({ userId, role }: { userId: string; role: Role }) {
  // Drawn on the server as not dismissed: a new student's empty dashboard shows it from the start.
  const dismissedBefore = useBrowserFact(() => readDone(userId), false);
  const [done, setDone] = useState(false);
  if (done || dismissedBefore) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(storageKey(userId), '1');
    } catch {
      // Private mode without storage: hidden for this visit only.
    }
    setDone(true);
  };
  return (
    <section
      aria-labelledby="first-run-heading"
      className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-indigo-200 sm:p-6"
    >
      <h2 id="first-run-heading" className="text-base font-semibold text-slate-900">
        How CampusRun works
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {POINTS[role].map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <Icon className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden="true" />
            <div>
              <h3 className="text-sm font-medium text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={dismiss}>
          Got it
        </Button>
      </div>
    </section>
  );
}
