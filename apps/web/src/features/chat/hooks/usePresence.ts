import { useEffect, useState } from 'react';
import { useSocket, useSocketEvent } from '@/lib/socket';

/** Online status of these users: asked with `user:check`, kept current by `user:online`/`user:offline`. */
export function usePresence(userIds: string[]): Record<string, boolean> {
  const { socket, connected } = useSocket();
  const [status, setStatus] = useState<Record<string, boolean>>({});
  const key = [...new Set(userIds)].sort().join(',');

  useEffect(() => {
    if (socket && connected && key) socket.emit('user:check', key.split(','));
  }, [socket, connected, key]);

  useSocketEvent('user:status', (map) => setStatus((prev) => ({ ...prev, ...map })));
  useSocketEvent('user:online', (id) => setStatus((prev) => ({ ...prev, [id]: true })));
  useSocketEvent('user:offline', (id) => setStatus((prev) => ({ ...prev, [id]: false })));

  return connected ? status : {};
}
