import { useEffect } from 'react';
import { useSocket } from '@/lib/socket';

/**
 * Follows a product while its page is open: the server then pushes its changes and its removal
 * (product:updated / product:removed, applied to the cache by the feature's live.ts). Watched again on
 * every new connection, since the server forgets a closed socket's rooms.
 */
export function useWatchProduct(id: string) {
  const { socket, connected } = useSocket();
  useEffect(() => {
    if (!socket || !connected || !id) return;
    socket.emit('product:watch', { id });
    return () => {
      if (socket.connected) socket.emit('product:unwatch', { id });
    };
  }, [socket, connected, id]);
}
