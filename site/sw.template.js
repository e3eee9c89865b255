// Offline support: precache the whole built site on the first visit. Requests go to the
// network first, so a rebuilt site is never hidden behind an old copy; the cache answers
// only when the network cannot. The cache name is a hash of the build.
const CACHE = "__CACHE__";
const PRECACHE = __PRECACHE__;
self.addEventListener("install", (e) => e.waitUntil(
  caches.open(CACHE).then((c) => c.addAll(PRECACHE)).then(() => self.skipWaiting())));
self.addEventListener("activate", (e) => e.waitUntil(
  caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim())));
self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || url.origin !== location.origin) return;
  e.respondWith(fetch(e.request).then((response) => {
    if (response.ok) { const copy = response.clone(); caches.open(CACHE).then((c) => c.put(e.request, copy)); }
    return response;
  }).catch(() => caches.open(CACHE).then((c) => c.match(e.request, { ignoreSearch: true }))
    .then((hit) => hit || Response.error())));
});
