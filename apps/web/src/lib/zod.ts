/**
 * `zod` as the web app imports it (vite.config.ts points every `import … from 'zod'` here): the same
 * library, set to validate without generated code before any schema runs. The CSP allows no eval,
 * and zod's probe for it would be reported as a violation. Living here, the setting loads with the
 * first screen that validates, not with every screen.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
