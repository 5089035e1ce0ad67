// The service worker (served as /sw.js, built by web/build/pwa.ts): keeps the app shell (the page,
// its entry script and styles, the icons) so the installed app opens without a network, and keeps
// every hashed asset once fetched. It never keeps anything from /api/: data always comes from the
// server, so a signed-in user's answers are never stored on the device.
const CACHE_PREFIX = 'dabba-shell-';
const CACHE = `${CACHE_PREFIX}${__SHELL_VERSION__}`;
/** The page every app route is (the server answers each with index.html), kept under "/". */
const PAGE = '/';
const SHELL_FILES = __SHELL_FILES__;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([PAGE, ...SHELL_FILES])));
});

self.addEventListener('activate', (event) => {
  // A new build's worker starts once no tab runs the old one, so no open page loses the chunks
  // it may still load: the old caches can go.
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      // Navigations start while the worker boots, instead of after.
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => self.clients.claim()),
  );
});

function isApi(url) {
  return url.pathname === '/api' || url.pathname.startsWith('/api/');
}

/** Navigations: the network first, so a new build shows at once; the kept page when offline. */
async function page(event) {
  try {
    const response = (await event.preloadResponse) ?? (await fetch(event.request));
    const type = response.headers.get('Content-Type') ?? '';
    if (response.ok && type.startsWith('text/html')) {
      const copy = response.clone();
      await caches.open(CACHE).then((cache) => cache.put(PAGE, copy));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(PAGE);
    if (kept) return kept;
    throw error;
  }
}

/** Hashed assets never change: the kept copy, else the network (and keep it). */
async function asset(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    await caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** Other files of ours (icons, manifest): the network, else the kept copy. */
async function file(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isApi(url)) {
    // A page of the API (its reference, /api/docs) was already requested early (navigation
    // preload): take that answer as it is. Any other API request is left to the browser.
    if (request.mode === 'navigate') {
      event.respondWith(
        Promise.resolve(event.preloadResponse).then((early) => early ?? fetch(request)),
      );
    }
    return;
  }
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (SHELL_FILES.includes(url.pathname)) event.respondWith(file(request));
});
