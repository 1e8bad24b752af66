import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { featureBoundaries } from './feature-boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const web = '/repo/apps/web/src';
const server = '/repo/apps/server/src';

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    { filename: `${web}/features/chat/components/Thread.tsx`, code: "import { x } from '../api/messages';" },
    {
      filename: `${web}/features/chat/components/Thread.tsx`,
      code: "import { x } from '@/features/chat/api/messages';",
    },
    {
      filename: `${web}/features/chat/components/Thread.tsx`,
      code: "import { Button } from '@/components/ui/Button';",
    },
    {
      filename: `${web}/features/chat/components/Thread.tsx`,
      code: "import { useQuery } from '@tanstack/react-query';",
    },
    { filename: `${web}/app/router.tsx`, code: "import { ChatPage } from '@/features/chat/pages/ChatPage';" },
    {
      filename: `${server}/modules/chat/chat.service.ts`,
      code: "import { AppError } from '../../lib/errors';",
    },
  ],
  invalid: [
    {
      filename: `${web}/features/requests/components/RequestCard.tsx`,
      code: "import { useUserRating } from '@/features/ratings/api/rating';",
      errors: [{ messageId: 'cross', data: { from: 'requests', to: 'ratings' } }],
    },
    {
      filename: `${web}/features/requests/components/RequestCard.tsx`,
      code: "const m = import('@/features/chat/pages/ChatPage');",
      errors: [{ messageId: 'cross' }],
    },
    {
      filename: `${web}/features/requests/components/RequestCard.tsx`,
      code: "export { x } from '../../products/api/list';",
      errors: [{ messageId: 'cross', data: { from: 'requests', to: 'products' } }],
    },
    {
      filename: `${server}/modules/requests/requests.service.ts`,
      code: "import { createChatService } from '../chat/chat.service';",
      errors: [{ messageId: 'cross', data: { from: 'requests', to: 'chat' } }],
    },
  ],
});
