/** Trips (a day scholar announces "I'm coming") and shared runs (several hostellers, one delivery). */
export const TRIP_LIMITS = {
  fromMax: 80,
  noteMax: 300,
  capacityMin: 1,
  capacityMax: 10,
  /** Both the cutoff and the arrival are at most this many hours ahead. */
  hoursAhead: 48,
} as const;

export const RUN_LIMITS = {
  /** At most this many hostellers share one run (the starter included). */
  participantsMax: 10,
  /** The cutoff and the deadline are at most this many hours ahead. */
  hoursAhead: 48,
  /** Runs one hosteller may have open to joining at a time (not cancelled, not accepted, before the cutoff). */
  openPerStarter: 2,
  /** Runs one hosteller may start in an hour. */
  startsPerHour: 5,
  /** Joins and leaves together one hosteller may make in an hour. */
  joinsPerHour: 20,
} as const;

export const TRIP_MESSAGES = {
  fromRequired: 'Please enter where you are coming from',
  fromTooLong: `Where you come from must be at most ${TRIP_LIMITS.fromMax} characters`,
  arriveAtRequired: 'Please enter when you arrive',
  arriveAtInvalid: 'Please enter a valid arrival time',
  arriveAtFuture: 'Arrival time must be in the future',
  arriveAtTooFar: `Arrival time must be within ${TRIP_LIMITS.hoursAhead} hours`,
  cutoffRequired: 'Please enter the last time to add requests',
  cutoffInvalid: 'Please enter a valid time to add requests by',
  cutoffFuture: 'The time to add requests by must be in the future',
  cutoffBeforeArrival: 'The time to add requests by must be before you arrive',
  capacityInvalid: 'Capacity must be a whole number',
  capacityRange: `Capacity must be between ${TRIP_LIMITS.capacityMin} and ${TRIP_LIMITS.capacityMax}`,
  noteTooLong: `Note must be at most ${TRIP_LIMITS.noteMax} characters`,
  notFound: 'Trip not found',
  requestRequired: 'Please choose one of your requests',
  oneOpenTrip: 'You already have an open trip. Cancel it or wait for its cutoff before posting another.',
  cutoffPassed: 'Requests can no longer be added to or removed from this trip',
  full: 'This trip is full',
  cancelled: 'This trip has been cancelled',
  deadlineBeforeArrival: 'This request is due before the trip arrives',
  requestNotPending: 'Only a pending request can be added to a trip',
  notOnTrip: 'This request is not on this trip',
  pickedUp: 'Your runner has already picked this up',
  notRunner: 'Only the day scholar on this trip can do that',
  notYourRequest: 'You can only add your own requests',
  notYourRequestDetach: 'You can only take off your own requests',
  attachTooOften: 'You have added requests to trips too often. Please try again later.',
  blocked: 'You cannot add requests to this trip',
  /** The request named in the body does not exist (as the requests feature says it). */
  requestNotFound: 'Request not found',
} as const;

export const RUN_MESSAGES = {
  totalFeeRequired: 'Please enter the total delivery fee',
  totalFeeInvalid: 'Please enter a valid total fee',
  totalFeeMin: 'Total fee must be at least ₹10',
  totalFeeMax: 'Total fee must be at most ₹10,000',
  totalFeeDecimals: 'Total fee can have at most 2 decimal places',
  pickupFromRequired: 'Please enter where the items are bought',
  cutoffRequired: 'Please enter the last time to join',
  cutoffInvalid: 'Please enter a valid time to join by',
  cutoffFuture: 'The time to join by must be in the future',
  cutoffTooFar: `The time to join by must be within ${RUN_LIMITS.hoursAhead} hours`,
  cutoffAfterDeadline: 'The time to join by must not be after the deadline',
  notFound: 'Run not found',
  alreadyJoined: 'You have already joined this run',
  notJoined: 'You have not joined this run',
  starterCannotLeave: 'You started this run; cancel your request instead',
  cutoffPassed: 'This run is closed to joining',
  full: `A run has at most ${RUN_LIMITS.participantsMax} people`,
  taken: 'This run has already been accepted by another day scholar',
  notOpen: 'This run is no longer open',
  blocked: 'You cannot accept this run',
  /** Joining a run whose starter or a participant blocks the hosteller, or whom they block. */
  cannotJoin: 'You cannot join this run',
  cancelled: 'This run has been cancelled',
  tooManyOpen: `You already have ${RUN_LIMITS.openPerStarter} shared runs open to join. Start another once one closes.`,
  tooManyStarts: `You can start ${RUN_LIMITS.startsPerHour} shared runs an hour. Please try again later.`,
  tooManyJoins: `You can join or leave shared runs ${RUN_LIMITS.joinsPerHour} times an hour. Please try again later.`,
} as const;

/** Words the trip and run screens show. */
export const LOGISTICS_LABELS = {
  trips: 'Trips',
  postTrip: 'Post a trip',
  from: 'Coming from',
  arriveAt: 'Arriving at',
  cutoffAt: 'Add requests by',
  capacity: 'Requests I can take',
  note: 'Note (optional)',
  stops: 'Stop list',
  runs: 'Shared runs',
  startRun: 'Start a shared run',
  totalFee: 'Total delivery fee (₹) — split equally',
  joinBy: 'Join by',
} as const;

/** What a trip tells hostellers and its runner (times already on the campus clock, e.g. "18:30"). */
export const TRIP_NOTICES = {
  posted: (runner: string, from: string, arriveAt: string, cutoffAt: string) =>
    `${runner} is coming from ${from} at ${arriveAt} — add your requests by ${cutoffAt}`,
  cancelled: (runner: string, from: string) =>
    `${runner} cancelled the trip from ${from}; your request is open again`,
  requestAdded: (requester: string, item: string) => `${requester} added ${item} to your trip`,
} as const;
