import type { AppContext } from '../lib/app-context';
import { inSpan, SpanKind, tracingOn } from '../lib/tracing';
import { deliveriesOf, type Delivery } from './live-routes';
import type { IoServer } from './rooms';

/** Carries out one delivery; with Redis the adapter carries it to every process. */
function deliver(io: IoServer, delivery: Delivery) {
  if ('leave' in delivery) return io.in(delivery.leave.sockets).socketsLeave(delivery.leave.room);
  const { to, except, event, payload } = delivery;
  const target = except === undefined ? io.to(to) : io.to(to).except(except);
  // The event and its payload were checked together where the push was made (live-routes.ts).
  (target.emit as (event: string, payload: unknown) => boolean)(event, payload);
}

/**
 * Pushes for what happened anywhere in this process (REST or socket), as the routing table says.
 * Answers the unsubscribe function.
 */
export function fanOut(io: IoServer, events: AppContext['events']) {
  return events.on((event) => {
    for (const delivery of deliveriesOf(event))
      if (!tracingOn()) deliver(io, delivery);
      // A push is part of the trace of the request or socket event that caused it.
      else
        inSpan(
          'leave' in delivery ? 'socket.io leave' : `socket.io emit ${delivery.event}`,
          {
            'messaging.system': 'socket.io',
            ...('leave' in delivery ? {} : { 'messaging.destination.name': delivery.event }),
          },
          () => deliver(io, delivery),
          { kind: SpanKind.PRODUCER },
        );
  });
}
