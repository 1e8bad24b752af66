/* Pages offline (loaded by the generated worker with importScripts; its navigation route calls
   campusrunNavigate). A page always comes from the network. Without one, a member signed in on this
   device gets the app itself from the worker's copy: it shows the data kept on the device (the last
   requests, handover codes, chats and money seen) with the offline bar. Anyone else gets the offline
   screen. The app writes the sign-in mark (src/lib/offline-cache.ts). */
self.campusrunNavigate = async (request) => {
  try {
    return await fetch(request);
  } catch (error) {
    const signedIn = await caches
      .open('campusrun-session')
      .then((cache) => cache.match('/offline-session'))
      .catch(() => undefined);
    // The build's copies carry their revision in the address: matched without it.
    const page = await caches.match(signedIn ? '/index.html' : '/offline.html', { ignoreSearch: true });
    if (page) return page;
    throw error;
  }
};
