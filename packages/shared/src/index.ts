export * from './constants';
export * from './errors';
export * from './schemas/common';
export * from './schemas/users';
export * from './schemas/auth';
export * from './schemas/profile';
