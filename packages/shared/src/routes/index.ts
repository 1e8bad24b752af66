// Every route of the API, one module per resource (see contract.ts).
export * as account from './account';
export * as dashboard from './dashboard';
export * as identity from './identity';
export * as people from './people';
export * as ratings from './ratings';
export * as requests from './requests';
export * as runs from './runs';
export * as settlements from './settlements';
export * as trips from './trips';
