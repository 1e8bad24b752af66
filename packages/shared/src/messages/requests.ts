import { REQUEST_CATEGORIES, REQUEST_STATUSES } from '../constants';

export const REQUEST_LIMITS = {
  itemNameMax: 120,
  descriptionMax: 1000,
  locationMax: 120,
  deliveryNotesMax: 1000,
  quantityMax: 1000,
  /** Rupees. */
  priceMin: 1,
  /** Rupees. */
  priceMax: 100_000,
  deadlineMaxDays: 365,
  searchMax: 100,
  /** Where the items are bought ("Katpadi market"). */
  pickupFromMax: 80,
} as const;

/**
 * The deliverer's "On my way, about N minutes" (PUT /requests/{id}/on-the-way): the bounds of the
 * estimate and the quick picks of its form.
 */
export const ON_THE_WAY = {
  minutesMin: 1,
  minutesMax: 120,
  quickPicks: [5, 10, 15, 30],
} as const;

/**
 * Every user-visible text of delivery requests: the request form's (the first four in the order they
 * are checked) and the rest of its rules, and the lookup's not-found.
 */
export const REQUEST_MESSAGES = {
  itemNameRequired: 'Please enter an item name',
  itemNameTooLong: `Item name must be at most ${REQUEST_LIMITS.itemNameMax} characters`,
  priceRequired: 'Please enter an expected price',
  priceInvalid: 'Please enter a valid price',
  priceMin: `Expected price must be at least ₹${REQUEST_LIMITS.priceMin}`,
  priceMax: `Expected price must be at most ₹${REQUEST_LIMITS.priceMax.toLocaleString('en-IN')}`,
  priceDecimals: 'Expected price can have at most 2 decimal places',
  deadlineRequired: 'Please enter a deadline',
  deadlineInvalid: 'Please enter a valid deadline',
  deadlineFuture: 'Deadline must be in the future',
  deadlineTooFar: `Deadline must be within ${REQUEST_LIMITS.deadlineMaxDays} days`,
  locationRequired: 'Please enter a delivery location',
  locationTooLong: `Delivery location must be at most ${REQUEST_LIMITS.locationMax} characters`,
  descriptionTooLong: `Description must be at most ${REQUEST_LIMITS.descriptionMax} characters`,
  quantityInvalid: 'Quantity must be a whole number',
  quantityMin: 'Quantity must be at least 1',
  quantityMax: `Quantity must be at most ${REQUEST_LIMITS.quantityMax}`,
  categoryInvalid: `Category must be one of ${REQUEST_CATEGORIES.join(', ')}`,
  deliveryNotesTooLong: `Delivery notes must be at most ${REQUEST_LIMITS.deliveryNotesMax} characters`,
  handoverCodeWrong: 'The handover code is not correct',
  itemCostInvalid: 'Please enter a valid item cost',
  itemCostMin: `Item cost must be at least ₹${REQUEST_LIMITS.priceMin}`,
  itemCostMax: `Item cost must be at most ₹${REQUEST_LIMITS.priceMax.toLocaleString('en-IN')}`,
  itemCostDecimals: 'Item cost can have at most 2 decimal places',
  pickupFromInvalid: 'Please enter a valid pickup place',
  pickupFromTooLong: `Pickup place must be at most ${REQUEST_LIMITS.pickupFromMax} characters`,
  receiptInvalid: 'Please enter a valid receipt amount',
  receiptMin: `Receipt amount must be at least ₹${REQUEST_LIMITS.priceMin}`,
  receiptMax: `Receipt amount must be at most ₹${REQUEST_LIMITS.priceMax.toLocaleString('en-IN')}`,
  receiptDecimals: 'Receipt amount can have at most 2 decimal places',
  /** What the requester sees of an accepted request before its deliverer acted on it. */
  waitingForPickup: 'Waiting for your deliverer to pick it up',
  etaMinutesRequired: 'Please enter the minutes until you arrive',
  etaMinutesInvalid: 'Minutes must be a whole number',
  etaMinutesMin: `Minutes must be at least ${ON_THE_WAY.minutesMin}`,
  etaMinutesMax: `Minutes must be at most ${ON_THE_WAY.minutesMax}`,
  notFound: 'Request not found',
} as const;

/**
 * Why the API refused to act on a request, keyed by the refusal's reason (with the variants of one
 * reason per action). The web reads the reason, and shows the server's text; it bundles none of these.
 */
export const REQUEST_REFUSAL_MESSAGES = {
  handoverCodeLocked: 'Too many wrong codes. Ask the requester to confirm receipt.',
  receiptWithoutItemCost: 'This request has no item cost, so there is no receipt amount to give',
  notPickedUp: 'Your deliverer has not marked this request picked up yet',
  alreadyPickedUp: 'You have already marked this request picked up',
  ownRequest: 'You cannot accept your own request',
  gaveUpTwice: 'You gave this request up twice, so you cannot accept it again',
  notRequester: 'Only the hosteller who posted this request can cancel it',
  notRequesterRepost: 'Only the hosteller who posted this request can repost it',
  notRequesterConfirm: 'Only the hosteller who posted this request can confirm receipt',
  notDelivererComplete: 'Only the assigned deliverer can complete this request',
  notDelivererCancel: 'Only the assigned deliverer can cancel this delivery',
  notDelivererPickUp: 'Only the assigned deliverer can mark this request picked up',
  notDelivererOnTheWay: 'Only the assigned deliverer can say they are on the way',
  notPickedUpOnTheWay: 'Mark the request picked up before you say you are on the way',
  alreadyYours: 'You have already accepted this request',
  taken: 'This request has already been accepted by another day scholar',
  expired: 'The deadline for this request has passed',
  completed: 'This request has already been completed',
  cancelled: 'This request has been cancelled',
  notAccepted: 'This request has not been accepted yet',
  notExpired: 'This request has not expired yet',
  changed: 'This request was just changed by someone else. Please refresh and try again.',
  partOfRun: 'This request is part of a shared run; accept the run',
  partOfRunRepost: 'This request is part of a shared run and keeps its deadline; cancel it and post it again',
} as const;

/**
 * The 409 of a day scholar who already holds as many active deliveries as allowed (accepting a
 * request or a shared run).
 */
export const tooManyActiveDeliveries = (active: number) =>
  `You already have ${active} active ${active === 1 ? 'delivery' : 'deliveries'}. Complete one before accepting another.`;

/**
 * The 400 of a wrong handover code, with the tries the request has left after it: "That code is not
 * right. 2 tries left." With none left the code is locked, and the requester confirms receipt.
 */
export const handoverCodeWrongTries = (triesLeft: number) =>
  triesLeft > 0
    ? `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`
    : 'That code is not right, and no tries are left. Ask the requester to confirm receipt.';

export const REQUEST_LABELS = {
  fee: 'Delivery fee — what you pay the deliverer',
  itemCost: 'Item cost (₹, optional)',
  itemCostHint: 'Roughly what the items cost. The deliverer pays it and you pay it back.',
  pickupFrom: 'Pick up from (optional)',
  receipt: 'Receipt amount (₹)',
  /** Under the receipt field (on picking up or completing), with the request's estimate formatted. */
  receiptHint: (estimate: string) => `Optional: what the receipt says. The estimate was ${estimate}.`,
} as const;

/**
 * The new-request form's running total under the fee, amounts already formatted. With an item
 * estimate, the line under it is the breakdown the settlement shows later (`amountBreakdown`).
 */
export const REQUEST_TOTAL_WORDS = {
  withItems: (total: string) => `You pay about ${total} in all`,
  feeOnly: (fee: string) => `You pay ${fee} for delivery, plus what the receipt says for the items`,
} as const;

/** The delivery handover code: digits the requester reads out and the deliverer types to complete. */
export const HANDOVER_CODE = {
  length: 4,
  /** Wrong codes a deliverer may type before the code locks. */
  maxAttempts: 5,
  /** The create form's checkbox. */
  optionLabel: 'Ask the deliverer for a handover code',
} as const;

export const REQUEST_SORTS = ['newest', 'oldest', 'highestFee', 'lowestFee'] as const;

export type RequestSort = (typeof REQUEST_SORTS)[number];

export const REQUEST_STATUS_FILTERS = ['all', ...REQUEST_STATUSES] as const;

export type RequestStatusFilter = (typeof REQUEST_STATUS_FILTERS)[number];

/**
 * The day scholar's tabs (active = pending or accepted). A request whose delivery was
 * cancelled goes back to pending without a deliverer, so a delivery is active while accepted.
 */
export const DELIVERY_STATUS_FILTERS = ['all', 'active', 'completed', 'cancelled'] as const;

export type DeliveryStatusFilter = (typeof DELIVERY_STATUS_FILTERS)[number];

/** What a request's requester or deliverer is told (notification, and push) when the other side acts. */
export const REQUEST_NOTICES = {
  accepted: (deliverer: string, item: string) => `${deliverer} accepted your request for ${item}`,
  delivered: (deliverer: string, item: string) => `${deliverer} delivered your request for ${item}`,
  pickedUp: (deliverer: string, item: string) => `${deliverer} picked up your request for ${item}`,
  onTheWay: (deliverer: string, item: string, minutes: number) =>
    `${deliverer} is on the way with your ${item}, about ${minutes} min`,
  etaUpdated: (deliverer: string, item: string, minutes: number) =>
    `${deliverer} updated the arrival of your ${item}: about ${minutes} min`,
  cancelled: (requester: string, item: string) => `${requester} cancelled the request for ${item}`,
  deliveryCancelled: (deliverer: string, item: string) =>
    `${deliverer} cancelled the delivery of ${item}. Your request is open again.`,
  /** The push to day scholars who watch for urgent requests. */
  urgentTitle: 'Urgent request',
  urgentBody: (item: string, location: string) => `${item} — ${location}`,
} as const;

/**
 * How far along an accepted delivery is, as both parties' screens say it (the web works out the
 * countdown), and the deliverer's "On my way" and drop point.
 */
export const DELIVERY_PROGRESS_WORDS = {
  heading: 'Delivery',
  pickedUp: 'Picked up',
  pickedUpBy: (who: string, time: string) => `${who} picked it up at ${time}`,
  expectedAround: (time: string) => `Expected around ${time}`,
  arrivingIn: (minutes: number) => `Arriving in about ${minutes} min`,
  anyMoment: 'Any moment now',
  /** What a list row says to screen readers instead of its ticking countdown (a clock time). */
  arrivingAround: (time: string) => `On the way, arriving around ${time}`,
  /** Announced politely (once per change, never per tick) to screen readers. */
  onTheWay: (deliverer: string, minutes: number) =>
    `${deliverer} is on the way, arriving in about ${minutes} min`,
  /** The deliverer's button and its dialog. */
  onMyWay: 'On my way',
  updateEstimate: 'Update estimate',
  dialogTitle: 'How long until you arrive?',
  dialogDescription: 'The requester sees a countdown. You can update it any time.',
  minutesLabel: 'Minutes',
  quickPicks: 'Quick picks',
  minutesShort: (minutes: number) => `${minutes} min`,
  send: 'Send',
  sent: 'The requester has been told when you arrive',
  failed: 'Failed to send your arrival estimate',
  /** The deliverer's card of where to hand the items over. */
  dropPoint: 'Drop point',
  call: 'Call',
  chat: 'Chat',
} as const;
