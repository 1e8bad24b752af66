import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  CHAT_MESSAGES,
  clientIdField,
  MESSAGES,
  messageContent,
  type SendAck,
  HTTP_MESSAGES,
} from '@campusrun/shared';
import type { AppContext } from '../lib/app-context';
import { AppError, databaseErrorAnswer } from '../lib/errors';
import { inSpan, SpanKind } from '../lib/tracing';
import type { ChatService } from '../modules/chat/chat.service';
import type { Recheck } from './handshake';
import { REALTIME_LIMITS, productRoom, type IoSocket } from './rooms';
import { currentActor } from './sessions';

const sendPayload = z.object({
  receiverId: z.uuid({ error: 'Invalid receiver' }),
  message: messageContent,
  clientId: clientIdField,
  productId: z.uuid().optional(),
});
const watchPayload = z.object({ id: z.uuid() });

/** A message refused before anything was done with it: the client sends it again after a while. */
const busy = (): SendAck => ({
  ok: false,
  error: CHAT_MESSAGES.busy,
  reason: 'busy',
  // Spread over twice the wait, so the refused do not all come back at once.
  retryAfter: Math.round(REALTIME_LIMITS.retryAfterMs * (1 + Math.random())),
});

/**
 * The messages being handled now, on this process and per member. `enter` takes a place, or answers
 * false past either bound or while `dbWaiting` (database calls waiting for a connection) is at its
 * own; `leave` gives the place back.
 */
function sendsInFlight(dbWaiting: () => number) {
  const { sendsInFlight: most, sendsInFlightPerMember: mostEach, dbWaitingMax } = REALTIME_LIMITS;
  let total = 0;
  const byMember = new Map<string, number>();
  return {
    enter(userId: string) {
      const mine = byMember.get(userId) ?? 0;
      if (total >= most || mine >= mostEach || dbWaiting() >= dbWaitingMax) return false;
      total += 1;
      byMember.set(userId, mine + 1);
      return true;
    },
    leave(userId: string) {
      total -= 1;
      const mine = (byMember.get(userId) ?? 1) - 1;
      if (mine > 0) byMember.set(userId, mine);
      else byMember.delete(userId);
    },
  };
}

/**
 * What a client may ask of the server besides presence and typing: watching product pages and
 * sending chat messages (as the socket's session stands, sessions.ts), within one budget of events
 * per user shared by their sockets on every process. Messages are handled within bounds
 * (REALTIME_LIMITS): past them one is refused at once, to be sent again, rather than queued.
 */
export function createClientEvents(
  ctx: Pick<AppContext, 'limiter'>,
  chat: Pick<ChatService, 'send'>,
  log: FastifyBaseLogger,
  /** Database calls waiting for a connection now. */
  dbWaiting: () => number,
) {
  const eventBudget = ctx.limiter('socket-events', { points: REALTIME_LIMITS.eventsPerMinute, duration: 60 });
  const inFlight = sendsInFlight(dbWaiting);

  return function attach(socket: IoSocket, recheck: Recheck) {
    const me = socket.data.actor.id;
    // Past the budget, events are dropped; a message gets its refusal as the acknowledgement.
    socket.use(([event, ...args], next) => {
      eventBudget.tryConsume(me).then(
        (allowed) => {
          if (allowed) return next();
          const ack = args[args.length - 1];
          if (event === 'message:send' && typeof ack === 'function')
            (ack as (answer: SendAck) => void)({ ok: false, error: CHAT_MESSAGES.tooMany });
        },
        (err: unknown) => {
          // Without the shared counter, serve rather than go silent; sends keep their own limit.
          log.warn({ err }, 'socket event budget unavailable');
          next();
        },
      );
    });

    // A product page follows its product while open: updates and removal reach it at once. Anyone who
    // may open product pages (a complete profile) may watch, up to watchMax products per socket.
    socket.on('product:watch', (payload) => {
      const parsed = watchPayload.safeParse(payload);
      const { watching } = socket.data;
      if (!parsed.success || !socket.data.actor.isProfileComplete) return;
      if (watching.has(parsed.data.id) || watching.size >= REALTIME_LIMITS.watchMax) return;
      watching.add(parsed.data.id);
      void socket.join(productRoom(parsed.data.id));
    });
    socket.on('product:unwatch', (payload) => {
      const parsed = watchPayload.safeParse(payload);
      if (!parsed.success || !socket.data.watching.delete(parsed.data.id)) return;
      void socket.leave(productRoom(parsed.data.id));
    });

    socket.on('message:send', (payload, ack) => {
      if (typeof ack !== 'function') return; // Without an acknowledgement the client cannot know; refuse.
      const reply = (answer: SendAck) => ack(answer);
      const parsed = sendPayload.safeParse(payload);
      if (!parsed.success) {
        return reply({ ok: false, error: parsed.error.issues[0]?.message ?? CHAT_MESSAGES.failed });
      }
      const { receiverId, message, clientId, productId } = parsed.data;
      if (!inFlight.enter(me)) return reply(busy());
      const send = async () => {
        const actor = await currentActor(socket, recheck);
        if (!actor) {
          reply({ ok: false, error: HTTP_MESSAGES.sessionExpired });
          return void socket.disconnect(true);
        }
        if (!actor.isProfileComplete) {
          return reply({ ok: false, error: MESSAGES.profileIncomplete });
        }
        const { message: stored } = await chat.send(
          actor,
          { receiverId, content: message, clientId, productId },
          socket.id,
        );
        reply({ ok: true, message: stored });
      };
      // A trace of its own while tracing is on: its queries and the pushes it causes are children.
      void inSpan(
        'socket message:send',
        { 'messaging.system': 'socket.io', 'messaging.operation.name': 'message:send' },
        send,
        { kind: SpanKind.SERVER },
      )
        .catch((err: unknown) => {
          if (err instanceof AppError && err.statusCode < 500)
            return reply({ ok: false, error: err.message });
          // Too many messages waiting, or no connection to be had in time: the client keeps the
          // message and sends it again.
          const answer = err instanceof AppError ? err : databaseErrorAnswer(err);
          if (answer?.statusCode === 503) return reply(busy());
          log.error({ err }, 'message:send failed');
          reply({ ok: false, error: CHAT_MESSAGES.failed });
        })
        .finally(() => inFlight.leave(me));
    });
  };
}
