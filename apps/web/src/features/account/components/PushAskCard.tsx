import { BellRing, Download } from 'lucide-react';
import {
  type ComponentProps,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/Button';
import { type PushMoment, endPushAsk } from '@/lib/push-ask';
import { useToastClearance } from '@/lib/toast';
import { currentSubscription, pushSupported, usePushConfig } from '@/api/account';
import { installOffer, promptInstall } from '../install-app';
import { mayAskForPush, rememberNotNow } from '../push-ask-memory';
import { turnOnPushHere } from '../push-device';

/** What notifications would bring, in the words of what the member just did. */
const WHAT_COMES: Record<PushMoment, { title: string; text: string }> = {
  post: {
    title: 'Know when someone accepts',
    text: 'Get a notification when a day scholar accepts your request and when it’s on its way, even when CampusRun is closed.',
  },
  accept: {
    title: 'Know when the requester replies',
    text: 'Get a notification when the requester replies or confirms they have the items, even when CampusRun is closed.',
  },
  offer: {
    title: 'Know when the seller answers',
    text: 'Get a notification when the seller answers your offer, even when CampusRun is closed.',
  },
  search: {
    title: 'Know when something new matches',
    text: 'Get a notification when something new matches your saved search, even when CampusRun is closed.',
  },
};

const SHARE_MENU = 'tap Share, then Add to Home Screen.';

/** `home-screen`: iOS shows notifications only to an app on the Home Screen, so Safari says how. */
type Ask = 'push' | 'home-screen';

/** What this device can tell at once, before asking the server and the browser's push service. */
function firstLook(userId: string): Ask | null {
  if (!mayAskForPush(userId)) return null;
  if (!pushSupported()) return installOffer() === 'share-menu' ? 'home-screen' : null;
  return Notification.permission === 'denied' ? null : 'push';
}

interface PushAskCardProps {
  moment: PushMoment;
  userId: string;
  /** Kept, but not shown (an open conversation). */
  hidden: boolean;
}

export function PushAskCard(props: PushAskCardProps) {
  const [look] = useState(() => firstLook(props.userId));
  useEffect(() => {
    if (!look) endPushAsk();
  }, [look]);
  return look && <Asking look={look} {...props} />;
}

/** Whether this device already gets notifications; a failed look counts as yes (nothing to offer). */
function useSubscribed(look: Ask) {
  const [subscribed, setSubscribed] = useState<boolean | null>(look === 'push' ? null : false);
  useEffect(() => {
    if (look !== 'push') return;
    let live = true;
    currentSubscription().then(
      (subscription) => live && setSubscribed(Boolean(subscription)),
      () => live && setSubscribed(true),
    );
    return () => {
      live = false;
    };
  }, [look]);
  return subscribed;
}

function Asking({ look, moment, userId, hidden }: PushAskCardProps & { look: Ask }) {
  const config = usePushConfig();
  const subscribed = useSubscribed(look);
  const [busy, setBusy] = useState(false);
  const [install, setInstall] = useState(installOffer);
  const card = useRef<HTMLElement>(null);
  const titleId = useId();
  const publicKey = config.data?.publicKey ?? null;
  const checked = config.isError || (config.isSuccess && subscribed !== null);
  const asking = checked && publicKey !== null && !subscribed;
  useEffect(() => {
    if (checked && !asking) endPushAsk();
  }, [checked, asking]);

  const finish = () => {
    // A keyboard user who answered goes on from the page's content, not from the top of the page.
    if (card.current?.contains(document.activeElement)) document.getElementById('main')?.focus();
    endPushAsk();
  };
  const notNow = () => {
    rememberNotNow(userId);
    finish();
  };
  const turnOn = async () => {
    if (!publicKey) return;
    setBusy(true);
    // Closing the browser's own question without an answer is a "Not now" too.
    if ((await turnOnPushHere(publicKey)) === 'default') rememberNotNow(userId);
    finish();
  };
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') notNow();
  };

  const { title, text } = WHAT_COMES[moment];
  return (
    <>
      <p role="status" className="sr-only">
        {asking && !hidden ? `${title}. ${text}` : ''}
      </p>
      {asking && (
        <CardFrame
          cardRef={card}
          aria-labelledby={titleId}
          hidden={hidden}
          onKeyDown={escape}
          className="fixed inset-x-4 bottom-[calc(1rem+var(--tab-bar-height,0px))] z-40 mx-auto max-w-sm rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200 sm:right-6 sm:left-auto sm:mx-0 sm:w-96 dark:shadow-black/50"
        >
          <div className="flex gap-3">
            <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-700">
              <BellRing className="size-5" aria-hidden="true" />
            </div>
            <div className="min-w-0 text-sm">
              <h2 id={titleId} className="font-semibold text-slate-900">
                {title}
              </h2>
              <p className="mt-1 text-slate-600">{text}</p>
              {look === 'home-screen' && (
                <p className="mt-2 text-slate-600">
                  On iPhone and iPad, add CampusRun to your Home Screen first: {SHARE_MENU}
                </p>
              )}
              {look === 'push' && install === 'share-menu' && (
                <p className="mt-2 text-slate-600">To install CampusRun, {SHARE_MENU}</p>
              )}
            </div>
          </div>
          {install === 'prompt' && (
            <Button
              variant="ghost"
              size="sm"
              className="mt-2 -ml-1 text-indigo-700"
              onClick={() => {
                setInstall(null);
                void promptInstall();
              }}
            >
              <Download className="size-4" aria-hidden="true" />
              Install CampusRun
            </Button>
          )}
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={notNow} disabled={busy}>
              {look === 'push' ? 'Not now' : 'Got it'}
            </Button>
            {look === 'push' && (
              <Button size="sm" isLoading={busy} onClick={() => void turnOn()}>
                Turn on notifications
              </Button>
            )}
          </div>
        </CardFrame>
      )}
    </>
  );
}

/** The card at the bottom of the screen: a toast raised meanwhile rises above it on a phone. */
function CardFrame({
  cardRef,
  ...props
}: ComponentProps<'section'> & { cardRef: RefObject<HTMLElement | null> }) {
  useToastClearance(cardRef, 'bottom');
  return <section ref={cardRef} {...props} />;
}
