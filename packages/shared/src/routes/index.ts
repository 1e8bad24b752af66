// Every route of the API, one module per resource (see contract.ts).
export * as blocks from './blocks';
export * as chat from './chat';
export * as emails from './emails';
export * as moderation from './moderation';
export * as notifications from './notifications';
export * as offers from './offers';
export * as products from './products';
export * as push from './push';
export * as reports from './reports';
export * as requests from './requests';
export * as system from './system';
