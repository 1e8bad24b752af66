import { Suspense, lazy } from 'react';
import { matchPath, useLocation } from 'react-router';
import { routePatterns } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { usePushMoment } from '@/lib/push-ask';
// Loaded with the layout so that the browser's install offer, which may come at any time, is kept.
import '../install-app';

// Its code (and the push calls) loads only when a moment asks for it.
const PushAskCard = lazy(() => import('./PushAskCard').then((m) => ({ default: m.PushAskCard })));

/**
 * In the signed-in layout: after a post, an accept or an offer (`askForPushAfter`), a card that asks
 * to turn notifications on, when this device can and the member has not said no lately. Out of the
 * way in an open conversation, where the composer has the bottom of the screen.
 */
export function PushAsk() {
  const moment = usePushMoment();
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (!moment || !user) return null;
  return (
    <Suspense fallback={null}>
      <PushAskCard
        moment={moment}
        userId={user.id}
        hidden={Boolean(matchPath(routePatterns.chatWith, pathname))}
      />
    </Suspense>
  );
}
