import { CHAT_LIMITS, CHAT_MESSAGES } from '@campusrun/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { mayShrink } from '@/lib/resize-photo';
import { toast } from '@/lib/toast';
import { addMessageToThread, bumpConversation, postPhoto } from '@/api/chat';
import { newClientId } from './client-id';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * Sends a photo message (POST /chat/photo) with upload progress (0…1, null when idle; 0 while the
 * photo is resized on this device). The server verifies and re-encodes it; a file that is not an
 * image, or too big to go as it is, is refused here first.
 */
export function useSendPhoto(myId: string, partnerId: string, productId?: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);

  async function send(file: File) {
    if (!PHOTO_TYPES.includes(file.type)) return toast.error('Please choose a PNG, JPG, GIF or WebP image');
    if (file.size > CHAT_LIMITS.photoMaxBytes && !mayShrink(file))
      return toast.error(CHAT_MESSAGES.photoTooLarge);
    setProgress(0);
    try {
      const photo = { receiverId: partnerId, clientId: newClientId(), productId, photo: file };
      const message = await postPhoto(photo, setProgress);
      addMessageToThread(queryClient, partnerId, message);
      bumpConversation(queryClient, message, myId, true);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to send the photo'));
    } finally {
      setProgress(null);
    }
  }

  return { progress, send };
}
