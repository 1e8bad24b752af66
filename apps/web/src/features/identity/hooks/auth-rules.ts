// The sign-in screens' rules, in a chunk of their own (zod with them): see useAuthResolver.
export { createAuthSchemas } from '@campusrun/shared';
export { zodResolver } from '@hookform/resolvers/zod';
