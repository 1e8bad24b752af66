import { type ChatMessage, SOCKET_OPTIONS } from '@campusrun/shared';
import { ApiError } from '@/lib/api-client';
import type { AppSocket } from '@/lib/socket';
import { newClientId } from './client-id';

/** A message of mine the server has not stored yet. */
export interface PendingMessage {
  clientId: string;
  content: string;
  sentAt: string;
  productId?: string;
  /** Held until the network returns ('Waiting for network'); otherwise on its way ('Sending...'). */
  waiting: boolean;
}

/** A message as it travels: what the server needs to store it once. */
export type OutgoingMessage = Omit<PendingMessage, 'waiting'>;

/**
 * `sending`: one attempt under way. `queued`: next in line, sent once those written before it are
 * through. `waiting`: no network; sent when it returns.
 */
type Phase = 'sending' | 'queued' | 'waiting';

interface Entry {
  message: OutgoingMessage;
  phase: Phase;
  /** Counts attempts: only the latest one's failure counts (any answer that stored it does). */
  attempt: number;
  /** Set while an attempt over the socket awaits its acknowledgement. */
  timer?: ReturnType<typeof setTimeout>;
}

interface OutboxPorts {
  partnerId: string;
  online: () => boolean;
  post: (body: {
    receiverId: string;
    content: string;
    clientId: string;
    productId?: string;
  }) => Promise<ChatMessage>;
  /** The server stored it. */
  stored: (message: ChatMessage) => void;
  /** Refused, or the server did not answer: `reason` is the server's refusal, if it gave one. */
  failed: (message: OutgoingMessage, reason?: string) => void;
  /** The unstored messages changed (in the order written). */
  changed: (pending: PendingMessage[]) => void;
}

/**
 * The messages to one conversation partner on their way to the server. Each goes over the socket
 * with an acknowledgement, or POST /chat while the socket is down; one the server was too busy to
 * take goes again when it says (`retryAfter`), still 'Sending...'. Without a network (the browser is
 * offline, or the socket is down and the POST cannot reach the server) a message waits, with no
 * timeout; when the network returns the waiting ones go one at a time, in the order written, each
 * with its clientId (the server stores a clientId once, so a resend is safe). The app keeps one
 * outbox per partner while the member is signed in, whichever screen is open.
 */
export class Outbox {
  private readonly ports: OutboxPorts;
  /** clientId → its entry, in the order written. */
  private readonly entries = new Map<string, Entry>();
  /** The held message being sent now; the next one waits for it. */
  private head: string | null = null;
  /** The live connection as it is now (attempts also start from acknowledgements and timers). */
  private socket: AppSocket | null;
  /** Nobody drives it (signed out, or the app not started): nothing starts (what is on its way still lands). */
  private closed = false;

  constructor(ports: OutboxPorts, socket: AppSocket | null) {
    this.ports = ports;
    this.socket = socket;
  }

  /** Driven again (or for the first time): what waits goes, if the network allows. */
  open() {
    this.closed = false;
    this.resume();
  }

  close() {
    this.closed = true;
  }

  /** A new connection (a new session): later attempts use it. */
  setSocket(socket: AppSocket | null) {
    this.socket = socket;
  }

  send(content: string, productId?: string) {
    const entry: Entry = {
      message: {
        clientId: newClientId(),
        content,
        sentAt: new Date().toISOString(),
        ...(productId ? { productId } : {}),
      },
      phase: 'queued',
      attempt: 0,
    };
    const behind = [...this.entries.values()].some((e) => e.phase !== 'sending');
    this.entries.set(entry.message.clientId, entry);
    if (this.closed || !this.ports.online()) {
      entry.phase = 'waiting';
      this.show();
    } else if (behind) {
      // Messages written earlier are still held: this one goes after them.
      this.resume();
    } else {
      this.start(entry);
    }
  }

  /**
   * Messages written earlier that the server may not have stored (kept on the device while the app
   * was closed): they wait like any other, then go with their own clientIds.
   */
  restore(messages: OutgoingMessage[]) {
    for (const message of messages) {
      if (this.entries.has(message.clientId)) continue;
      this.entries.set(message.clientId, { message, phase: 'waiting', attempt: 0 });
    }
    this.show();
    this.resume();
  }

  /** Take back a message waiting for the network; its text, or undefined when it is not waiting. */
  cancel(clientId: string): string | undefined {
    const entry = this.entries.get(clientId);
    if (entry?.phase !== 'waiting') return undefined;
    this.remove(clientId);
    return entry.message.content;
  }

  /** Offline: whatever was on its way waits for the network rather than for a timeout. Online: it goes. */
  networkChanged(online: boolean) {
    if (online) return this.resume();
    for (const entry of this.entries.values()) if (entry.phase !== 'waiting') this.hold(entry);
  }

  /** The socket is back: what it had not acknowledged goes again over it, then what was held. */
  reconnected() {
    const { socket } = this;
    for (const entry of this.entries.values()) {
      if (socket?.connected && entry.phase === 'sending' && entry.timer !== undefined)
        this.overSocket(entry, socket);
    }
    this.resume();
  }

  private show() {
    this.ports.changed(
      [...this.entries.values()].map((e) => ({ ...e.message, waiting: e.phase === 'waiting' })),
    );
  }

  private isCurrent(entry: Entry, attempt: number) {
    return this.entries.get(entry.message.clientId) === entry && entry.attempt === attempt;
  }

  private remove(clientId: string) {
    clearTimeout(this.entries.get(clientId)?.timer);
    this.entries.delete(clientId);
    this.show();
  }

  private stored(clientId: string, message: ChatMessage) {
    this.ports.stored(message);
    this.remove(clientId);
    this.next();
  }

  private failed(entry: Entry, reason?: string) {
    this.remove(entry.message.clientId);
    this.next();
    this.ports.failed(entry.message, reason);
  }

  /** No way to the server now: the message waits, and so does every one queued behind it. */
  private hold(entry: Entry) {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.attempt += 1;
    entry.phase = 'waiting';
    for (const other of this.entries.values()) if (other.phase === 'queued') other.phase = 'waiting';
    this.show();
  }

  private start(entry: Entry) {
    entry.phase = 'sending';
    this.show();
    const { socket } = this;
    if (socket?.connected) this.overSocket(entry, socket);
    else this.overHttp(entry);
  }

  private overSocket(entry: Entry, socket: AppSocket) {
    clearTimeout(entry.timer);
    const attempt = (entry.attempt += 1);
    const { clientId, content, productId } = entry.message;
    // Unanswered while connected: the server is in trouble, say so. Unanswered because the
    // connection went: the message waits for it to come back.
    entry.timer = setTimeout(() => {
      if (!this.isCurrent(entry, attempt)) return;
      if (this.ports.online() && this.socket?.connected) this.failed(entry);
      else this.hold(entry);
    }, SOCKET_OPTIONS.timeout);
    const about = productId ? { productId } : {};
    const payload = { receiverId: this.ports.partnerId, message: content, clientId, ...about };
    socket.emit('message:send', payload, (answer) => {
      // Even a late acknowledgement means the message was stored: show it.
      if (answer?.ok) this.stored(clientId, answer.message);
      else if (!this.isCurrent(entry, attempt)) return;
      else if (answer && 'retryAfter' in answer) this.retryAfter(entry, answer.retryAfter);
      else this.failed(entry, answer?.ok === false ? answer.error : undefined);
    });
  }

  /** The server was too busy to take it: it stays 'Sending...' and goes again after `ms`. */
  private retryAfter(entry: Entry, ms: number) {
    clearTimeout(entry.timer);
    const attempt = entry.attempt;
    entry.timer = setTimeout(() => {
      if (this.isCurrent(entry, attempt)) this.start(entry);
    }, ms);
  }

  private overHttp(entry: Entry) {
    const attempt = (entry.attempt += 1);
    const { clientId, content, productId } = entry.message;
    this.ports.post({ receiverId: this.ports.partnerId, content, clientId, productId }).then(
      (answer) => this.stored(clientId, answer),
      (error: unknown) => {
        if (!this.isCurrent(entry, attempt)) return;
        // Status 0: the server could not be reached, which says nothing about the message.
        if (error instanceof ApiError && error.status === 0) this.hold(entry);
        else this.failed(entry, error instanceof ApiError && error.status < 500 ? error.message : undefined);
      },
    );
  }

  /** Send the first queued message once the one before it is through (one at a time keeps the order). */
  private next() {
    const current = this.head ? this.entries.get(this.head) : undefined;
    if (current?.phase === 'sending') return;
    this.head = null;
    if (this.closed || !this.ports.online()) return;
    const first = [...this.entries.values()].find((e) => e.phase === 'queued');
    if (!first) return;
    this.head = first.message.clientId;
    this.start(first);
  }

  /** The held messages go, in the order written. */
  private resume() {
    if (this.closed || !this.ports.online()) return;
    for (const entry of this.entries.values()) if (entry.phase === 'waiting') entry.phase = 'queued';
    this.show();
    this.next();
  }
}
