import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ThreadData, threadMessages } from '@/api/chat';
import { useThreadProduct } from '@/api/products';
import { useOnline } from '@/lib/online';
import { useSendMessage } from './useSendMessage';
import { useSendPhoto } from './useSendPhoto';
import { useTypingEmitter } from './useTyping';

/** The question a buyer finds ready when they contact a seller from a product page. */
const STILL_AVAILABLE = 'Is this still available?';

/**
 * What the thread's composer needs: the draft, sending it (and photos), taking back a message that
 * waits for the network, the typing signal, whether the browser is offline, and the product the
 * thread was opened about.
 */
export function useThreadComposer(
  myId: string,
  partnerId: string,
  thread: { data: ThreadData | undefined; isSuccess: boolean },
) {
  const typing = useTypingEmitter(myId, partnerId);
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // Opened from a product page (?product=): the first message brings the product into the thread,
  // unless a message already did.
  const [searchParams] = useSearchParams();
  const aboutProduct = searchParams.get('product') ?? undefined;
  const mentioned = threadMessages(thread.data).some((m) => m.product?.id === aboutProduct);
  const unmentioned = aboutProduct && thread.isSuccess && !mentioned ? aboutProduct : undefined;
  // A message that failed or was taken back returns to the composer, unless something new is typed.
  const outgoing = useSendMessage(
    partnerId,
    (content) => setDraft((current) => (current.trim() === '' ? content : current)),
    unmentioned,
  );

  // Photos are not held for later: offline, the photo button is off.
  const photo = useSendPhoto(myId, partnerId, unmentioned);
  const offline = !useOnline();

  // A buyer who contacts the seller from a product page sees that product's card above the composer
  // and a first question ready to send or edit; nothing is sent until they send it.
  const aboutCard = useThreadProduct(unmentioned, [partnerId]).data ?? null;
  const [askedAbout, setAskedAbout] = useState<string | null>(null);
  if (aboutCard && askedAbout !== aboutCard.id) {
    setAskedAbout(aboutCard.id);
    setDraft((current) => (current.trim() === '' ? STILL_AVAILABLE : current));
  }

  /** Sends `text` (what the composer holds; by default the draft). */
  function submit(text: string = draft) {
    const content = text.trim();
    if (!content) return;
    typing.stop();
    setDraft('');
    outgoing.send(content);
    inputRef.current?.focus();
  }

  /** The Cancel button goes with its message: the keyboard carries on in the composer, where the text is. */
  function cancel(clientId: string) {
    outgoing.cancel(clientId);
    inputRef.current?.focus();
  }

  function change(value: string) {
    setDraft(value);
    if (value.trim()) typing.onInput();
    else typing.stop();
  }

  return { draft, inputRef, pending: outgoing.pending, photo, offline, aboutCard, submit, cancel, change };
}
