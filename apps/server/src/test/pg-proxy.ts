import { once } from 'node:events';
import net from 'node:net';

export type ProxyMode = 'pass' | 'refuse' | 'silent';

/**
 * A TCP hop between the app and PostgreSQL that the test can cut: `pass` forwards, `refuse` drops
 * every connection (open ones too, as when the database host goes away), `silent` accepts and never
 * answers (a host that drops packets). It can switch by itself the moment a given text is sent.
 */
export async function startCuttableProxy(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const socketDir = target.searchParams.get('host');
  const port = Number(target.port || 5432);
  const connectTarget = () =>
    socketDir
      ? net.connect({ path: `${socketDir}/.s.PGSQL.${port}` })
      : net.connect({ host: target.hostname, port });
  let mode: ProxyMode = 'pass';
  const open = new Set<net.Socket>();
  let trigger: { text: string; mode: ProxyMode; resolve: () => void } | undefined;
  const set = (next: ProxyMode) => {
    mode = next;
    if (next !== 'pass') for (const socket of open) socket.destroy();
  };
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    if (mode === 'refuse') return client.destroy();
    if (mode === 'silent') return;
    const upstream = connectTarget();
    open.add(upstream);
    upstream.on('close', () => {
      open.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.on('data', (chunk: Buffer) => {
      if (trigger && chunk.includes(trigger.text)) {
        const fired = trigger;
        trigger = undefined;
        // The statement never reaches the database: the connection drops as it is sent.
        set(fired.mode);
        fired.resolve();
        return;
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port: proxyPort } = server.address() as net.AddressInfo;
  return {
    /** The same database, through the proxy. */
    url(database: string) {
      const url = new URL(`postgres://127.0.0.1:${proxyPort}/${database}`);
      url.username = target.username;
      url.password = target.password;
      return url.toString();
    },
    set,
    /**
     * Switches to `next` the moment the app sends a message to the database that holds `text` (a
     * statement's text or a parameter, such as an id), before it arrives; resolves then.
     */
    switchWhenSent(text: string, next: ProxyMode) {
      return new Promise<void>((resolve) => {
        trigger = { text, mode: next, resolve };
      });
    },
    async close() {
      mode = 'refuse';
      for (const socket of open) socket.destroy();
      if (!server.listening) return;
      server.close();
      await once(server, 'close');
    },
  };
}
