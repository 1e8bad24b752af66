declare global {
  interface Window {
    /** Set once the app handles its forms (boot/boot.js holds submits back until then). */
    campusrunReady?: boolean;
    /** The form a visitor submitted before that, kept by boot/boot.js. */
    campusrunPendingSubmit?: EventTarget | null;
    /** The button a visitor pressed before that, kept by boot/boot.js. */
    campusrunPendingClick?: EventTarget | null;
    /** The message box a visitor pressed Enter in before that (to send), kept by boot/boot.js. */
    campusrunPendingSend?: EventTarget | null;
  }
}

let takingOver = false;

/** main.tsx: the first render is taking the prerendered HTML over (hydration), not drawing afresh. */
export function markTakeOver(): void {
  takingOver = true;
}

/**
 * True until the app has taken the prerendered screen over. Its fields then belong to the visitor,
 * who may be typing in them: a form must start from what the HTML shows, not from other values
 * (navigation state), or it would write over what was typed.
 */
export const isTakingOver = (): boolean => takingOver;

/**
 * The app has taken the page over: forms submit through their own handlers from now on, and a form
 * the visitor submitted (or a button pressed) while the drawn page was still waiting for the code is
 * sent (pressed) now: taking the HTML over keeps the elements, and the fields what was typed (which
 * the screen is told of first, see `tellTypedOnceHydrated`).
 */
export function appReady(win: Window = window): void {
  if (takingOver) {
    tellEarlyTyping(win.document);
    holdEarlyPresses(win.document);
  }
  takingOver = false;
  win.campusrunReady = true;
  const pending = win.campusrunPendingSubmit;
  win.campusrunPendingSubmit = null;
  if (pending instanceof HTMLFormElement && pending.isConnected) pending.requestSubmit();
  const pressed = win.campusrunPendingClick;
  win.campusrunPendingClick = null;
  if (pressed instanceof HTMLElement) pressOnceHydrated(pressed);
  const sending = win.campusrunPendingSend;
  win.campusrunPendingSend = null;
  if (sending instanceof HTMLTextAreaElement) sendOnceHydrated(sending);
}

/** React has taken the element over: its props, handlers included, are on it (React's own key). */
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

/** What a button says: how a screen drawn again is searched for the same button. */
const nameOf = (button: Element) =>
  (button.getAttribute('aria-label') ?? button.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * The same button on the page now: the one pressed, or, when React drew its part afresh instead of
 * taking the drawn HTML over (a part whose data changed meanwhile), the one button with its name.
 */
function samePressTarget(button: HTMLElement, name: string, doc: Document): HTMLElement | null {
  if (button.isConnected) return button;
  if (!name) return null;
  const same = [...(doc.getElementById('root')?.querySelectorAll('button:not([disabled])') ?? [])].filter(
    (candidate) => nameOf(candidate) === name,
  );
  return same.length === 1 && same[0] instanceof HTMLElement ? same[0] : null;
}

/**
 * Presses a button pressed before the app's code had arrived, once React has taken its part of the
 * page over (parts inside a <Suspense> are taken over after the rest, in slices, and a slow phone may
 * need seconds for it): at most 10 s later, and only while the page is the same. A part React draws
 * afresh instead (its data changed while its code was loading) is away for a moment: the press waits
 * for the one button of the same name to be back.
 */
function pressOnceHydrated(
  pressed: HTMLElement,
  triesLeft = 100,
  name = nameOf(pressed),
  address = pressed.ownerDocument.location.href,
) {
  const doc = pressed.ownerDocument;
  if (doc.location.href !== address) return;
  const button = samePressTarget(pressed, name, doc);
  if (button && (isHydrated(button) || triesLeft === 0)) {
    releasing = button;
    try {
      button.click();
    } finally {
      releasing = null;
    }
  } else if (triesLeft > 0)
    setTimeout(() => pressOnceHydrated(button ?? pressed, triesLeft - 1, name, address), 100);
}

/** The held press being made again, which is let through. */
let releasing: HTMLElement | null = null;
let holding = false;

/**
 * After the app is ready, a part of the taken-over page may still wait for its code (a lazily loaded
 * card): React drops a press on a button there. Such a press is held, and made again once React has
 * the button, as before the app was ready.
 */
function holdEarlyPresses(doc: Document) {
  if (holding) return;
  holding = true;
  doc.addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element)) return;
      const button = event.target.closest('button:not([disabled])');
      if (!(button instanceof HTMLElement) || button === releasing || isHydrated(button)) return;
      if (!doc.getElementById('root')?.contains(button)) return;
      event.preventDefault();
      event.stopPropagation();
      pressOnceHydrated(button);
    },
    true,
  );
  doc.addEventListener(
    'keydown',
    (event) => {
      const field = event.target;
      if (!isSendingEnter(event) || !(field instanceof HTMLTextAreaElement) || isHydrated(field)) return;
      if (!doc.getElementById('root')?.contains(field)) return;
      event.preventDefault();
      event.stopPropagation();
      sendOnceHydrated(field);
    },
    true,
  );
}

/** Enter (not Shift+Enter, not ending a composition) in a box whose Enter sends (enterkeyhint="send"). */
const isSendingEnter = (event: KeyboardEvent) =>
  event.key === 'Enter' &&
  !event.shiftKey &&
  !event.isComposing &&
  event.target instanceof HTMLTextAreaElement &&
  event.target.getAttribute('enterkeyhint') === 'send';

/**
 * Enter pressed in a message box before React had it: once React has the box and has been told the
 * words typed meanwhile, the Enter is pressed again for its handler (which sends what the box holds).
 * At most 10 s later, and only while the page is the same.
 */
function sendOnceHydrated(
  field: HTMLTextAreaElement,
  triesLeft = 100,
  address = field.ownerDocument.location.href,
) {
  if (!field.isConnected || field.ownerDocument.location.href !== address) return;
  if ((!isHydrated(field) || waiting.has(field)) && triesLeft > 0) {
    setTimeout(() => sendOnceHydrated(field, triesLeft - 1, address), 100);
    return;
  }
  if (!isHydrated(field)) return;
  field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
}

/** The fields whose words React keeps in step with a screen's state. */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'password', 'tel', 'url', 'number']);

type TextField = HTMLInputElement | HTMLTextAreaElement;

const isTextField = (element: unknown): element is TextField =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(element.type));

/**
 * Words typed into a drawn field before React had it. React takes the field over as it finds it,
 * words and all, but the screen's state still holds what was drawn (no change reached it), and the
 * next render would put that back: a search typed while a slow phone loaded the code would vanish
 * as the first filter is picked. Once React has the field, the words are told to it as one change,
 * as if typed then: React's record of the field goes back to what was drawn (its default value,
 * which React sets to the state it takes over with), the words go in past that record, and an
 * `input` event carries them to the screen's handler.
 */
function tellTypedOnceHydrated(field: TextField) {
  if (waiting.has(field)) return;
  waiting.add(field);
  tryTelling(field, 100);
}

/** The fields whose early words wait for React (each is told once). */
const waiting = new WeakSet<TextField>();

function tryTelling(field: TextField, triesLeft: number) {
  if (field.isConnected && !isHydrated(field) && triesLeft > 0) {
    setTimeout(() => tryTelling(field, triesLeft - 1), 100);
    return;
  }
  waiting.delete(field);
  if (!field.isConnected || !isHydrated(field)) return;
  const typed = field.value;
  if (typed === field.defaultValue) return;
  const focused = field.ownerDocument.activeElement === field;
  const [start, end] = focused ? [field.selectionStart, field.selectionEnd] : [null, null];
  field.value = field.defaultValue;
  const prototype = Object.getPrototypeOf(field) as TextField;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  // Where the caret was, for a visitor still typing (fields such as email have no caret to set).
  if (start !== null && end !== null) {
    try {
      field.setSelectionRange(start, end);
    } catch {
      // No selection in this kind of field.
    }
  }
}

let listening = false;

/**
 * The fields of the taken-over page that hold words typed before the app was ready are told of them
 * (see `tellTypedOnceHydrated`); so is a field typed into later while its part still waits for its
 * code (React lets that typing by).
 */
function tellEarlyTyping(doc: Document) {
  const root = doc.getElementById('root');
  for (const field of root?.querySelectorAll('input, textarea') ?? [])
    if (isTextField(field) && field.value !== field.defaultValue) tellTypedOnceHydrated(field);
  if (listening) return;
  listening = true;
  doc.addEventListener(
    'input',
    (event) => {
      const field = event.target;
      if (!isTextField(field) || isHydrated(field) || !doc.getElementById('root')?.contains(field)) return;
      tellTypedOnceHydrated(field);
    },
    true,
  );
}
