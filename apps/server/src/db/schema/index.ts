export * from './users';
export * from './requests';
export * from './products';
export * from './social';
export * from './safety';
export * from './market';
export * from './push';
export * from './sessions';
