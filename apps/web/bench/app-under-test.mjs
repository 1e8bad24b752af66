/**
 * A built CampusRun (this checkout, or an earlier commit built in a worktree of its own) started on a
 * free port with a fresh embedded database, and the data set the phone bench measures on.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** A port nothing listens on now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });

const run = (command, args, cwd, env = process.env) => {
  const r = spawnSync(command, args, { cwd, stdio: 'inherit', env });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
};

const git = (root, ...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout?.trim() ?? '';

/** Builds `root` when its web or server build is missing. */
export function ensureBuilt(root) {
  const built =
    existsSync(path.join(root, 'apps/server/dist/server.js')) &&
    existsSync(path.join(root, 'apps/web/dist/index.html'));
  if (!built) run('npm', ['run', 'build'], root);
}

/**
 * The commit to compare with: BENCH_BASELINE_REF, else the last commit when the tree has changes to
 * the app, else the one before it. `none` measures this checkout alone.
 */
export function baselineRef(root) {
  const wanted = process.env.BENCH_BASELINE_REF;
  if (wanted === 'none') return null;
  const ref = wanted || (git(root, 'status', '--porcelain', '--', 'apps', 'packages') ? 'HEAD' : 'HEAD~1');
  const sha = git(root, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
  if (!sha) {
    console.log(`(no commit ${ref} to compare with: measuring this checkout alone)`);
    return null;
  }
  return sha;
}

/** A worktree of `sha` with its dependencies and build, kept between runs under node_modules/.cache. */
export function builtWorktree(root, sha) {
  const dir = path.join(root, 'node_modules/.cache/campusrun-bench', sha.slice(0, 12));
  if (!existsSync(path.join(dir, 'package.json'))) {
    mkdirSync(path.dirname(dir), { recursive: true });
    rmSync(dir, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: root });
    run('git', ['worktree', 'add', '--detach', dir, sha], root);
  }
  if (!existsSync(path.join(dir, 'node_modules/.package-lock.json')))
    run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], dir);
  ensureBuilt(dir);
  return dir;
}

/**
 * Starts the build at `root` on a fresh embedded database holding the demo accounts (npm run seed)
 * and the bench's data set; answers its address, the two signed-in users and the ids of the pages.
 */
export async function startApp(root, label) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `campusrun-bench-${label}-`));
  chmodSync(dataDir, 0o711); // as root, the embedded PostgreSQL server runs as `postgres` and must reach it
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SMTP_URL: '',
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    // One address seeds everything: the per-address limits would refuse the data set.
    RATE_LIMIT_AUTH: '1000',
    RATE_LIMIT_GLOBAL: '100000',
    MAX_ACTIVE_DELIVERIES: '50',
  };
  // Each checkout seeds with its own script (the seeds have moved between builds).
  run('npm', ['run', 'seed', '--silent'], root, env);
  // BENCH_SERVER_PROFILE: a folder for the server's CPU profile (node --cpu-prof), written at its exit.
  const profile = process.env.BENCH_SERVER_PROFILE;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const server = spawn(process.execPath, [...flags, path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let ready = false; !ready;) {
      if (server.exitCode !== null)
        throw new Error(`the ${label} server exited with code ${server.exitCode}`);
      ready = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    const data = await seedDataSet(base);
    return { base, stop, ...data };
  } catch (error) {
    await stop();
    throw error;
  }
}

const ITEMS = [
  'Milk',
  'Bread',
  'Eggs',
  'Paracetamol',
  'Notebook',
  'Blue pens',
  'Biryani',
  'Samosa',
  'Bananas',
  'Oats',
];
const PRODUCTS = [
  'Lady Bird cycle',
  'Study lamp',
  'Kettle',
  'Mattress',
  'Calculator',
  'Guitar',
  'Cricket bat',
  'Bucket',
];

/**
 * The data set the phone targets are stated on: 120 open requests, 40 products with photos and a
 * 30-message conversation, beside the demo accounts' own data. The bench signs in as the first demo
 * hosteller and the first demo day scholar.
 */
async function seedDataSet(base) {
  const api = async (method, url, body, token) => {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: {
        ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const domain = (await api('GET', '/config')).emailDomain ?? 'example.edu';
  // The session as the sign-in screen leaves it: the token and user for local storage, and the page
  // cookie a build that draws signed-in screens on the server sets beside them.
  const signIn = async (email) => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'password123' }),
    });
    if (!res.ok) throw new Error(`POST /auth/login: ${res.status} ${await res.text()}`);
    const pageCookie = res.headers
      .getSetCookie()
      .map((c) => /^campusrun_page=([^;]+)/.exec(c)?.[1])
      .find(Boolean);
    return { ...(await res.json()), pageCookie };
  };
  const hostellers = await Promise.all([1, 2, 3].map((i) => signIn(`hosteller${i}@${domain}`)));
  const dayscholar = await signIn(`dayscholar1@${domain}`);
  const [me, ...sellers] = hostellers;

  const deadline = new Date(Date.now() + 30 * 3_600_000).toISOString();
  const requestIds = [];
  for (let i = 0; i < 120; i++) {
    const owner = hostellers[i % hostellers.length];
    const { request } = await api(
      'POST',
      '/requests',
      {
        itemName: `${ITEMS[i % ITEMS.length]} ${i + 1}`,
        description: 'Please bring it to the hostel gate; call when you are near.',
        quantity: 1 + (i % 3),
        expectedPrice: 40 + i,
        deadline,
        deliveryLocation: `Block ${'ABC'[i % 3]} gate`,
        isUrgent: i % 7 === 0,
        category: 'other',
      },
      owner.token,
    );
    if (owner === me) requestIds.push(request.id);
  }
  // The day scholar carries three of the hosteller's requests (My Deliveries, the request page).
  for (const id of requestIds.slice(0, 3))
    await api('PUT', `/requests/${id}/accept`, undefined, dayscholar.token);

  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#5b7fa6' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const productIds = [];
  for (let i = 0; i < 40; i++) {
    const form = new FormData();
    form.set('name', `${PRODUCTS[i % PRODUCTS.length]} ${i + 1}`);
    form.set('description', 'Used for one semester, works well. Pick up from my room in the evening.');
    form.set('price', String(300 + i * 25));
    form.set('category', 'electronics');
    form.set('condition', 'good');
    // The first is negotiable: its page has Make an offer (the taps' bench presses it).
    if (i === 0) form.set('isNegotiable', 'true');
    form.append('images', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    const { product } = await api('POST', '/products', form, sellers[i % sellers.length].token);
    productIds.push(product.id);
  }

  for (let i = 0; i < 30; i++) {
    const [from, to] = i % 2 ? [me, dayscholar] : [dayscholar, me];
    await api(
      'POST',
      '/chat',
      { receiverId: to.user.id, content: `Message ${i + 1}: on my way, five minutes.` },
      from.token,
    );
  }
  return {
    hosteller: me,
    dayscholar,
    requestId: requestIds[0],
    // Open, for the day scholar to accept (the first three are already his).
    openRequestId: requestIds[3],
    productId: productIds[0],
  };
}

/**
 * The cookies a returning member's browser holds: its time zone (boot.js sets it; another zone would
 * draw other times, and the page would be drawn afresh instead of taken over) and the page cookie
 * set at sign-in, when the session has one.
 */
export const memberCookies = (base, session) => [
  { name: 'tz', value: encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone), url: base },
  ...(session.pageCookie
    ? [{ name: 'campusrun_page', value: session.pageCookie, url: base, httpOnly: true, sameSite: 'Lax' }]
    : []),
];

/** A new tab of `context` signed in as `session` (its token and user stored, its cookies set). */
export async function signedInPage(context, base, session) {
  const page = await context.newPage();
  await page.goto(`${base}/robots.txt`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
  await context.addCookies(memberCookies(base, session));
  return page;
}
