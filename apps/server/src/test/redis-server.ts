import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Where Debian installs it; tests that need their own Redis are skipped without it. */
export const REDIS_SERVER = '/usr/bin/redis-server';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a Redis answers PING on `port`. */
const redisAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => s.write('PING\r\n'));
    s.once('data', (d) => {
      s.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    s.once('error', () => resolve(false));
  });

/** A throwaway Redis on `port` (nothing kept on disk), answering once this resolves. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(100))
    if (await redisAnswers(port)) return child;
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}
