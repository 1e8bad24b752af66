import { type CampusConfig, createAuthSchemas } from '@campusrun/shared';
import { useMemo } from 'react';

/** The shared sign-in schemas for this campus's e-mail domain. */
export function useAuthSchemas(config: CampusConfig) {
  const { campusName, emailDomain } = config;
  return useMemo(() => createAuthSchemas({ campusName, emailDomain }), [campusName, emailDomain]);
}
