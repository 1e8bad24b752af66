import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** 2 or more: that many server processes behind nginx on E2E_PORT (e2e/cluster.ts). */
export const E2E_NODES = Number(process.env.E2E_NODES ?? 1);
const MULTINODE = /multinode\.spec\.ts$/;
/** What runs through nginx before multinode.spec.ts (which always runs last: it kills a process). */
const THROUGH_BALANCER = /(requests|marketplace|chat)\.spec\.ts$/;
/**
 * Set where the same run also takes these specs through the balancer (.ci/run): each then runs
 * once, on two processes, rather than a second time on one.
 */
const BALANCED_LATER = process.env.E2E_BALANCED_LATER === '1';

export default defineConfig({
  testDir: './e2e',
  // A whole story of two or three students; a busy 2-core machine takes up to a minute for the longest.
  timeout: 120_000,
  expect: {
    timeout: 10_000,
    // Screens compared with their committed pictures (e2e/visual.spec.ts); animations are stopped and
    // the caret hidden while the picture is taken. At most 20 pixels may differ (the edges of a photo
    // are drawn a little differently from run to run): a digit that moves changes some 200, which a
    // ratio such as 1 % or even 0.1 % of a whole page would let pass.
    toHaveScreenshot: {
      pathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
      maxDiffPixels: 20,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  // Two browsers at once: spec files are shared out between the workers (a file's tests run in
  // order, apart from visual.spec.ts, whose screens are spread over both). Through the balancer
  // multinode.spec.ts runs after the other specs have ended (its project depends on theirs), so
  // the process it kills is the only thing happening.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      ...(E2E_NODES > 1
        ? { testMatch: THROUGH_BALANCER }
        : { testIgnore: BALANCED_LATER ? [MULTINODE, THROUGH_BALANCER] : MULTINODE }),
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    ...(E2E_NODES > 1
      ? [
          {
            name: 'multinode',
            testMatch: MULTINODE,
            dependencies: ['chromium'],
            retries: 0,
            use: { ...devices['Desktop Chrome'], channel: undefined },
          },
        ]
      : []),
  ],
});
