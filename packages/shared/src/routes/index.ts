// Every route of the API, one module per resource (see contract.ts).
export * as requests from './requests';
