import {
  CAMPUS_TIME_ZONE,
  TRIP_MESSAGES,
  type CreateTripBody,
  type DeliveryRequest,
  type Trip,
  TRIP_NOTICES,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { badRequest, conflict, forbidden, notFound, type AppError } from '../../lib/errors';
import { blockedWith, notBlockedAmong } from '../../lib/listing-visibility';
import * as policy from './trips.policy';
import { ANY_DAY_SCHOLAR, ANY_HOSTELLER, presentStops, presentTrip } from './trips.presenter';
import * as repo from './trips.repo';
import { bindUseCases } from '../../lib/use-cases';

/** What trips need of the requests feature (handed in by the composition root). */
export interface TripsPorts {
  /** Writes to requests made inside a trip's transaction. */
  requestWrites: repo.TripRequestWrites;
  requests: {
    drawHandover(): repo.HandoverCode;
    presentMany(ids: string[], viewer: policy.Viewer): Promise<DeliveryRequest[]>;
    announce(
      ids: string[],
      change: 'accepted' | 'returned' | 'changed',
      formerDeliverer?: string,
    ): Promise<void>;
  };
}

/**
 * A day scholar's posted trips tell hostellers at most this many times a day (posting and
 * cancelling again and again would otherwise push a notice to every hosteller each time); later
 * trips are posted all the same, without the notice.
 */
export const TRIP_NOTICES_PER_DAY = 4;

/**
 * How many times an hour a hosteller may add a request to a trip: each add tells the runner, so
 * adding and taking off in a loop is capped.
 */
const TRIP_ATTACHES_PER_HOUR = 10;

/** At most this many open trips are listed (the open ones are due within 48 hours). */
const LIST_LIMIT = 100;
/** The runner's own list (GET /trips/mine). */
const MINE_LIMIT = 20;

const clock = new Intl.DateTimeFormat('en-IN', {
  timeZone: CAMPUS_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

/** "9:00 am", "6:30 pm": the time on the campus clock, as the app writes every time. */
export const campusTime = (at: Date) => clock.format(at);

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The notice hostellers with a request the trip could carry get when it is posted. */
export const tripNotice = (runnerName: string, from: string, arriveAt: Date, cutoffAt: Date) =>
  TRIP_NOTICES.posted(firstName(runnerName), from, campusTime(arriveAt), campusTime(cutoffAt));

/** A refusal as the API answers it (`detach`: refused on taking a request off). */
function refusalError(reason: policy.TripRefusal, action?: 'detach'): AppError {
  switch (reason) {
    case 'tripNotFound':
      return notFound(TRIP_MESSAGES.notFound);
    case 'requestNotFound':
      return notFound(TRIP_MESSAGES.requestNotFound);
    case 'notYourRequest':
      return forbidden(
        action === 'detach' ? TRIP_MESSAGES.notYourRequestDetach : TRIP_MESSAGES.notYourRequest,
        reason,
      );
    case 'notRunner':
      return forbidden(TRIP_MESSAGES[reason], reason);
    case 'blocked':
      return forbidden(TRIP_MESSAGES.blocked, reason);
    case 'deadlineBeforeArrival':
      return badRequest(
        TRIP_MESSAGES.deadlineBeforeArrival,
        [{ param: 'requestId', msg: TRIP_MESSAGES.deadlineBeforeArrival }],
        reason,
      );
    default:
      return conflict(TRIP_MESSAGES[reason], reason);
  }
}

const viewerOf = (actor: Actor): policy.Viewer => ({ id: actor.id, role: actor.role });

/** What every trip use case works with. */
interface Deps extends Pick<AppContext, 'db' | 'events'>, TripsPorts {
  /** Counts each day scholar's trip notices (TRIP_NOTICES_PER_DAY). */
  notices: ReturnType<AppContext['limiter']>;
  /** Counts each hosteller's adds of a request to a trip (TRIP_ATTACHES_PER_HOUR). */
  attaches: ReturnType<AppContext['limiter']>;
}

/** The trip as the actor sees it, or 404 (missing, its runner suspended or blocked with them). */
async function shown({ db }: Deps, actor: Actor, id: string) {
  const row = await repo.findTrip(db, id, actor.id);
  const runner = row?.runnerId === actor.id;
  if (!row || (!runner && (row.runnerSuspended || row.blockedWithViewer)))
    throw notFound(TRIP_MESSAGES.notFound);
  return row;
}

/** Every request on it for the runner, their own for anyone else. */
async function requestsFor({ db, requests }: Deps, row: repo.TripRow, viewer: policy.Viewer) {
  const ids = await repo.requestIdsOn(db, row.id, viewer.id === row.runnerId ? undefined : viewer.id);
  return requests.presentMany(ids, viewer);
}

async function present(deps: Deps, id: string, viewer: policy.Viewer): Promise<Trip> {
  const row = (await repo.findTrip(deps.db, id, viewer.id))!;
  return presentTrip(row, viewer, await requestsFor(deps, row, viewer));
}

/** Tells the runner and `hostellerId` (who added or took a request off) how the trip is now. */
async function tripChanged(deps: Deps, tripId: string, runnerId: string, hostellerId: string) {
  const views = [
    { userId: runnerId, trip: await present(deps, tripId, { id: runnerId, role: 'dayscholar' }) },
    { userId: hostellerId, trip: await present(deps, tripId, { id: hostellerId, role: 'hosteller' }) },
  ];
  await deps.events.emit({ type: 'trip.updated', tripId, views });
  return views[1]!.trip;
}

/** Tells `userIds` of the trip (a notification of type 'trip', pushed too), naming a request if given. */
const notice = (deps: Deps, userIds: string[], tripId: string, message: string, requestId?: string) =>
  userIds.length
    ? deps.events.emit({
        type: 'users.noticed',
        userIds,
        notice: { type: 'trip', message, data: requestId ? { tripId, requestId } : { tripId } },
      })
    : Promise.resolve();

// Reading: the open trips, the runner's own, and one trip.

/** Open trips the actor may see, soonest arrival first. */
async function list({ db }: Deps, actor: Actor) {
  const rows = await repo.listOpen(db, actor.id, LIST_LIMIT);
  const viewer = viewerOf(actor);
  return { trips: rows.map((r) => presentTrip(r, viewer)) };
}

/** The runner's trips that are open or still carry accepted requests, newest first. */
async function mine({ db }: Deps, actor: Actor) {
  const rows = await repo.listMine(db, actor.id, MINE_LIMIT);
  const viewer = viewerOf(actor);
  return { trips: rows.map((r) => presentTrip(r, viewer)) };
}

/** One trip, with the requests on it the actor may see. */
async function get(deps: Deps, actor: Actor, id: string) {
  const row = await shown(deps, actor, id);
  const viewer = viewerOf(actor);
  return { trip: presentTrip(row, viewer, await requestsFor(deps, row, viewer)) };
}

// The runner's side: posting, cancelling, the stop list.

/** The runner posts a trip; hostellers it could carry a request for hear of it. */
async function create(deps: Deps, actor: Actor, body: CreateTripBody) {
  const { db, events } = deps;
  const id = await repo.insertTripOnce(db, actor.id, {
    from: body.from,
    arriveAt: body.arriveAt,
    cutoffAt: body.cutoffAt,
    capacity: body.capacity,
    note: body.note ?? null,
  });
  if (!id) throw conflict(TRIP_MESSAGES.oneOpenTrip, 'oneOpenTrip');
  const row = (await repo.findTrip(db, id, actor.id))!;
  await events.emit({
    type: 'trip.available',
    forHostellers: presentTrip(row, ANY_HOSTELLER, [], []),
    forDayScholars: presentTrip(row, ANY_DAY_SCHOLAR, [], []),
    except: [actor.id, ...(await blockedWith(db, actor.id))],
  });
  // Each hosteller the trip could carry a request for hears of it once, however many they have.
  if (await deps.notices.tryConsume(actor.id)) {
    const message = tripNotice(row.runnerName, row.from, body.arriveAt, body.cutoffAt);
    await notice(deps, await repo.hostellersToTell(db, actor.id, body.arriveAt), id, message);
  }
  return { trip: presentTrip(row, viewerOf(actor)) };
}

/** The runner cancels their trip: its requests are open again and their requesters told. */
async function cancel(deps: Deps, actor: Actor, id: string) {
  const { db, events } = deps;
  const result = await repo.cancelTrip(db, deps.requestWrites, { tripId: id, actorId: actor.id }, (trip) =>
    policy.cancelRefusal(actor.id, trip),
  );
  if (result.refusal) throw refusalError(result.refusal);
  const row = (await repo.findTrip(db, id, actor.id))!;
  await events.emit({ type: 'trip.removed', tripId: id, runnerId: actor.id });
  const ids = result.returned.map((r) => r.id);
  if (ids.length) await deps.requests.announce(ids, 'returned', actor.id);
  const requesters = [...new Set(result.returned.map((r) => r.requesterId))];
  await notice(
    deps,
    await notBlockedAmong(db, actor.id, requesters),
    id,
    TRIP_NOTICES.cancelled(firstName(row.runnerName), row.from),
  );
  const viewer = viewerOf(actor);
  return { trip: presentTrip(row, viewer, await requestsFor(deps, row, viewer)) };
}

/** The runner's stop list: pickups, then drops, each place once. */
async function stops({ db }: Deps, actor: Actor, id: string) {
  const row = await repo.findTrip(db, id, actor.id);
  const refusal = policy.stopsRefusal(actor.id, row);
  if (refusal) throw refusalError(refusal);
  return { stops: presentStops(await repo.stopRequests(db, id)) };
}

// The hosteller's side: adding one of their requests to a trip and taking it off.

/** A hosteller adds one of their requests to a trip: the runner accepts it at once. */
async function attach(deps: Deps, actor: Actor, id: string, requestId: string) {
  const { db } = deps;
  await deps.attaches.consume(actor.id, TRIP_MESSAGES.attachTooOften);
  const result = await repo.attachRequest(
    db,
    deps.requestWrites,
    { tripId: id, requestId, actorId: actor.id, drawCode: deps.requests.drawHandover },
    (trip, request, blocked) => policy.attachRefusal(actor.id, trip, request, blocked),
  );
  if (result.refusal) throw refusalError(result.refusal);
  await deps.requests.announce([requestId], 'accepted');
  // The runner hears of each request on their trip once, however often it is taken off and added again.
  const summary = await repo.requestSummary(db, requestId);
  if (summary && !(await repo.runnerToldOf(db, result.runnerId, id, requestId)))
    await notice(
      deps,
      [result.runnerId],
      id,
      TRIP_NOTICES.requestAdded(firstName(summary.requesterName), summary.itemName),
      requestId,
    );
  return { trip: await tripChanged(deps, id, result.runnerId, actor.id) };
}

/** The hosteller takes their request off the trip: it is pending again. */
async function detach(deps: Deps, actor: Actor, id: string, requestId: string) {
  const result = await repo.detachRequest(
    deps.db,
    deps.requestWrites,
    { tripId: id, requestId, actorId: actor.id },
    (trip, request) => policy.detachRefusal(actor.id, trip, request),
  );
  if (result.refusal) throw refusalError(result.refusal, 'detach');
  await deps.requests.announce([requestId], 'returned', result.runnerId);
  return { trip: await tripChanged(deps, id, result.runnerId, actor.id) };
}

/**
 * Trips: a day scholar announces they are coming to campus; hostellers add their pending requests
 * until the cutoff, each accepted by the runner at once. After each change has committed, whom it
 * concerns is told (notifications of type 'trip', the requests' usual notices, live pushes).
 */
export function createTripsService(ctx: Pick<AppContext, 'db' | 'events' | 'limiter'>, ports: TripsPorts) {
  const deps: Deps = {
    db: ctx.db,
    events: ctx.events,
    ...ports,
    notices: ctx.limiter('trip-notices', { points: TRIP_NOTICES_PER_DAY, duration: 24 * 3600 }),
    attaches: ctx.limiter('trip-attaches', { points: TRIP_ATTACHES_PER_HOUR, duration: 3600 }),
  };
  return bindUseCases(deps, { list, mine, get, create, cancel, stops, attach, detach });
}
export type TripsService = ReturnType<typeof createTripsService>;
