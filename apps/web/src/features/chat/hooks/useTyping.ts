import { useCallback, useEffect, useRef, useState } from 'react';
import { useSocket, useSocketEvent } from '@/lib/socket';

/** The typing indicator stops after 2000 ms without input. */
const TYPING_IDLE_MS = 2000;
/** A partner's indicator disappears on its own if their `typing:stop` never arrives. */
const TYPING_SAFETY_MS = 3000;
const TYPING_REPEAT_MS = 1500;

/** `typing:start` on input, `typing:stop` after 2 s idle, on send (`stop()`) and on leaving. */
export function useTypingEmitter(myId: string, partnerId: string) {
  const { socket, connected } = useSocket();
  const typing = useRef(false);
  const lastStart = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    if (typing.current) {
      typing.current = false;
      if (socket?.connected) socket.emit('typing:stop', { senderId: myId, receiverId: partnerId });
    }
  }, [socket, myId, partnerId]);

  const onInput = useCallback(() => {
    if (!socket || !connected) return;
    // Repeated while typing goes on, so the partner's safety timeout does not hide it.
    const now = Date.now();
    if (!typing.current || now - lastStart.current > TYPING_REPEAT_MS) {
      typing.current = true;
      lastStart.current = now;
      socket.emit('typing:start', { senderId: myId, receiverId: partnerId });
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(stop, TYPING_IDLE_MS);
  }, [socket, connected, myId, partnerId, stop]);

  useEffect(() => stop, [stop]);

  return { onInput, stop };
}

/** Whether the partner is typing to me right now. */
export function usePartnerTyping(myId: string, partnerId: string) {
  const { connected } = useSocket();
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setTyping(false);
  }, []);

  const fromPartner = (p: { senderId: string; receiverId: string }) =>
    p.senderId === partnerId && p.receiverId === myId;

  useSocketEvent('typing:start', (payload) => {
    if (!fromPartner(payload)) return;
    setTyping(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTyping(false), TYPING_SAFETY_MS);
  });
  useSocketEvent('typing:stop', (payload) => {
    if (fromPartner(payload)) hide();
  });
  useSocketEvent('message:new', (message) => {
    if (message.senderId === partnerId) hide();
  });

  useEffect(() => hide, [hide, partnerId]);

  // Nothing arrives while the socket is down: no stale indicator either.
  return connected && typing;
}
