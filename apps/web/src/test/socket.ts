import { act } from '@testing-library/react';

type Handler = (...args: unknown[]) => void;

export interface EmittedEvent {
  event: string;
  args: unknown[];
}

/**
 * A stand-in for a socket.io-client socket: on/off/emit (with acks) and helpers for a test to play
 * the server. `io()` below replaces socket.io-client's in every web test (see setup.ts).
 */
export class FakeSocket {
  connected = false;
  active = true;
  readonly options: Record<string, unknown>;
  readonly emitted: EmittedEvent[] = [];
  private handlers = new Map<string, Set<Handler>>();

  constructor(options: Record<string, unknown>) {
    this.options = options;
  }

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }

  off(event: string, handler?: Handler) {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  removeAllListeners() {
    this.handlers.clear();
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }

  /** How often the client called connect() itself (to reconnect a socket socket.io gave up on). */
  connectCalls = 0;

  connect() {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }

  disconnect() {
    this.active = false;
    if (this.connected) {
      this.connected = false;
      this.dispatch('disconnect', 'io client disconnect');
    }
    return this;
  }

  // ---- the test's side ----

  /** Call the client's listeners for `event` (inside act). */
  serverEmit(event: string, ...args: unknown[]) {
    act(() => this.dispatch(event, ...args));
  }

  serverConnect() {
    this.connected = true;
    this.serverEmit('connect');
  }

  /** The connection is lost: socket.io-client reconnects by itself (the socket stays active). */
  serverDrop() {
    this.connected = false;
    this.serverEmit('disconnect', 'transport close');
  }

  /** The server closes the socket (e.g. on shutdown): socket.io-client does NOT reconnect by itself. */
  serverDisconnect() {
    this.connected = false;
    this.active = false;
    this.serverEmit('disconnect', 'io server disconnect');
  }

  /** The server refuses the handshake (a CONNECT_ERROR packet): the socket is no longer active. */
  serverRefuse(message: string) {
    this.connected = false;
    this.active = false;
    this.serverEmit('connect_error', new Error(message));
  }

  /** Events the client sent with this name. */
  sent(event: string): unknown[][] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.args);
  }

  /** Answer the last `event` the client sent that carried an acknowledgement. */
  ack(event: string, answer: unknown) {
    const found = [...this.emitted].reverse().find((e) => e.event === event);
    const callback = found?.args.at(-1);
    if (typeof callback !== 'function') throw new Error(`No ${event} with an ack was sent`);
    act(() => callback(answer));
  }

  private dispatch(event: string, ...args: unknown[]) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
}

export const fakeSockets: FakeSocket[] = [];

/** The latest socket the app opened (throws when there is none). */
export function currentSocket(): FakeSocket {
  const socket = fakeSockets.at(-1);
  if (!socket) throw new Error('The app has not opened a socket');
  return socket;
}

/** Tests turn this off to connect by hand (e.g. to test the first connect). */
export const fakeSocketSettings = { autoConnect: true };

export function io(options: Record<string, unknown> = {}) {
  const socket = new FakeSocket(options);
  fakeSockets.push(socket);
  if (fakeSocketSettings.autoConnect) {
    queueMicrotask(() => {
      if (socket.active && !socket.connected) socket.serverConnect();
    });
  }
  return socket;
}

export function resetFakeSockets() {
  fakeSockets.length = 0;
  fakeSocketSettings.autoConnect = true;
}
