import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';

/**
 * A bench's server in a child process of its own (this file's `script` run again with `args`, under
 * tsx), so its CPU and memory are measured apart from the load generator. Answers once the child
 * has sent its first message (what it is ready with), or fails when it exits before.
 */
export async function startChild<Ready>(
  script: string,
  args: string[],
  options: { execArgv?: string[]; env?: Record<string, string> } = {},
) {
  const child = fork(script, args, {
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) =>
      reject(new Error(`the ${args.join(' ')} process exited with code ${code} before it was ready`)),
    );
  });
  return { child, ready };
}

/** Sends the child a question and answers its next message (fails when it exits first). */
export function askChild<T>(child: ChildProcess, question: object) {
  return new Promise<T>((resolve, reject) => {
    const gone = () => reject(new Error('the server exited'));
    child.once('exit', gone);
    child.once('message', (m) => {
      child.off('exit', gone);
      resolve(m as T);
    });
    child.send(question);
  });
}

/** Ends the child (SIGTERM) and waits until it has exited. */
export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
