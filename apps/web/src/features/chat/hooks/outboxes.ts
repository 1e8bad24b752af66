import type { ChatMessage } from '@campusrun/shared';
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { postMessage } from '@/api/chat';
import { sessionStore } from '@/lib/session';
import type { AppSocket } from '@/lib/socket';
import { type KeptMessage, forgetKept, readKept, writeKept } from './kept-messages';
import { Outbox, type OutgoingMessage, type PendingMessage } from './outbox';

/**
 * The signed-in member's outboxes, one per conversation partner, kept app-wide: a message written
 * in a thread is sent (or waits for the network) whether or not the thread is still on screen, and
 * what has not been stored is kept on the device until it is. Another member signing in, or signing
 * out, drops them all: nobody sees someone else's messages.
 */

/** What the app does with a message's outcome (given by the app-level hook while it runs). */
export interface Courier {
  /** The server stored a message to `partnerId`. */
  stored: (partnerId: string, message: ChatMessage) => void;
  /** The server refused it (`reason`: its words, if any), or did not answer. */
  failed: (partnerId: string, message: OutgoingMessage, reason?: string) => void;
}

const EMPTY: PendingMessage[] = [];

let owner = sessionStore.get().user?.id;
let outboxes = new Map<string, Outbox>();
/** partnerId → the messages not stored yet, in the order written. */
let pending = new Map<string, PendingMessage[]>();
/** partnerId → text refused while its thread was not on screen, for its composer. */
let returned = new Map<string, string>();
/** partnerId → the composer of the thread on screen. */
const composers = new Map<string, (content: string) => void>();
const listeners = new Set<() => void>();
let courier: Courier | null = null;
let socket: AppSocket | null = null;

const toPending = ({ partnerId: _, ...message }: KeptMessage): PendingMessage => ({
  ...message,
  waiting: true,
});

function toKept(partnerId: string, { waiting: _, ...message }: PendingMessage): KeptMessage {
  return { partnerId, ...message };
}

function groupByPartner(messages: KeptMessage[]): Map<string, PendingMessage[]> {
  const groups = new Map<string, PendingMessage[]>();
  for (const message of messages)
    groups.set(message.partnerId, [...(groups.get(message.partnerId) ?? []), toPending(message)]);
  return groups;
}

function load(userId: string | undefined) {
  const kept = readKept(userId);
  pending = groupByPartner(kept.messages);
  returned = new Map(Object.entries(kept.returned));
}
load(owner);

function emit() {
  for (const listener of listeners) listener();
}

function persist() {
  if (!owner) return;
  writeKept(owner, {
    messages: [...pending].flatMap(([partnerId, list]) => list.map((m) => toKept(partnerId, m))),
    returned: Object.fromEntries(returned),
  });
}

function show(partnerId: string, list: PendingMessage[]) {
  if (list.length > 0) pending.set(partnerId, list);
  else pending.delete(partnerId);
  persist();
  emit();
}

// Another member signing in, or signing out, never sees (or sends) the last one's messages.
sessionStore.subscribe(() => {
  const next = sessionStore.get().user?.id;
  if (next === owner) return;
  if (owner) forgetKept();
  for (const outbox of outboxes.values()) outbox.close();
  outboxes = new Map();
  owner = next;
  load(owner);
  emit();
});

function createOutbox(partnerId: string): Outbox {
  // An outbox dropped at sign-out may still hear an answer: it no longer speaks for anyone.
  const current = () => outboxes.get(partnerId) === outbox;
  const outbox: Outbox = new Outbox(
    {
      partnerId,
      online: () => onlineManager.isOnline(),
      post: postMessage,
      stored: (message) => {
        if (current()) courier?.stored(partnerId, message);
      },
      failed: (message, reason) => {
        if (!current()) return;
        if (courier) courier.failed(partnerId, message, reason);
        else returnText(partnerId, message.content);
      },
      changed: (list) => {
        if (current()) show(partnerId, list);
      },
    },
    socket,
  );
  return outbox;
}

/** The outbox for `partnerId`, made with what was kept for them the first time it is needed. */
function outboxFor(partnerId: string): Outbox {
  const existing = outboxes.get(partnerId);
  if (existing) return existing;
  const outbox = createOutbox(partnerId);
  outboxes.set(partnerId, outbox);
  if (!courier) outbox.close();
  outbox.restore((pending.get(partnerId) ?? EMPTY).map(({ waiting: _, ...message }) => message));
  return outbox;
}

/**
 * The app-level hook drives the outboxes from now on: each partner with messages kept from before
 * gets its outbox, and what waits goes as soon as the network allows. The returned function stops it.
 */
export function driveOutboxes(next: Courier): () => void {
  courier = next;
  for (const partnerId of pending.keys()) outboxFor(partnerId);
  for (const outbox of outboxes.values()) outbox.open();
  return () => {
    if (courier !== next) return;
    courier = null;
    for (const outbox of outboxes.values()) outbox.close();
  };
}

/** The live connection changed (a new session, or none): later attempts use it. */
export function setOutboxSocket(next: AppSocket | null): void {
  socket = next;
  for (const outbox of outboxes.values()) outbox.setSocket(next);
}

/** The browser went offline or came back. */
export function outboxesNetworkChanged(online: boolean): void {
  for (const outbox of outboxes.values()) outbox.networkChanged(online);
}

/** The socket connected (again): what it had not acknowledged goes again over it, then what waits. */
export function outboxesConnected(): void {
  for (const outbox of outboxes.values()) outbox.reconnected();
}

export function sendMessage(partnerId: string, content: string, productId?: string): void {
  outboxFor(partnerId).send(content, productId);
}

/** Take back a message waiting for the network: its text, or undefined when it is not waiting. */
export function cancelMessage(partnerId: string, clientId: string): string | undefined {
  return outboxFor(partnerId).cancel(clientId);
}

/**
 * Gives a message's text back: to the composer of its thread when on screen (true), otherwise kept
 * for that composer the next time the thread opens (false).
 */
export function returnText(partnerId: string, content: string): boolean {
  const composer = composers.get(partnerId);
  if (composer) {
    composer(content);
    return true;
  }
  const earlier = returned.get(partnerId);
  returned.set(partnerId, earlier ? `${earlier}\n${content}` : content);
  persist();
  return false;
}

/**
 * The thread with `partnerId` is on screen: texts given back go to `giveBack`, starting with any
 * kept while it was closed. The returned function says it has closed.
 */
export function openComposer(partnerId: string, giveBack: (content: string) => void): () => void {
  composers.set(partnerId, giveBack);
  const kept = returned.get(partnerId);
  if (kept !== undefined) {
    returned.delete(partnerId);
    persist();
    giveBack(kept);
  }
  return () => {
    if (composers.get(partnerId) === giveBack) composers.delete(partnerId);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The messages to `partnerId` not stored yet (sending or waiting), in the order written. */
export function usePendingMessages(partnerId: string): PendingMessage[] {
  return useSyncExternalStore(
    subscribe,
    () => pending.get(partnerId) ?? EMPTY,
    () => EMPTY,
  );
}
