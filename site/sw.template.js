// Offline support without a second download. The page registers this worker only once its
// board is ready, at idle; installing then copies every file of the site into the offline
// cache, reading what the page has already loaded from the browser's own cache (no request)
// and checking each file against the build's digest, so that nothing stale from an older
// build slips in. From then on every file is served from the offline cache. The cache name
// is a hash of the build, so a new build fills a new cache and the old one is deleted.
const CACHE = "__CACHE__";
const FILES = __FILES__;  // "path from the site root" -> SHA-256 of its content
// Files kept only once a page asks for them (the lessons and puzzles): most visits never do.
const LATER = __LATER__;
const digestOf = (path) => FILES[path] || LATER[path];
const DIGEST = "X-Pg-Digest";

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

// The path in FILES that a request stands for ("" and "dir/" are index.html), or null.
function fileOf(request) {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return null;
  const scope = new URL(registration.scope).pathname;
  if (!url.pathname.startsWith(scope)) return null;
  const path = url.pathname.slice(scope.length).replace(/(^|\/)$/, "$1index.html");
  return path in FILES || path in LATER ? path : null;
}

// The file's content as this build has it, or null: from an older cache holding the same
// content, else from the browser's cache, else from the network.
async function fetchFile(path, network = true) {
  for (const name of await caches.keys()) {
    const hit = await (await caches.open(name)).match(path);
    if (hit && hit.headers.get(DIGEST) === digestOf(path)) return hit;
  }
  // The page may have been loaded as "dir/" rather than "dir/index.html".
  const urls = path.endsWith("index.html") ? [path.slice(0, -"index.html".length) || "./", path] : [path];
  const ways = [...urls.map((url) => [url, { cache: "only-if-cached", mode: "same-origin" }]),
    ...(network ? [[path, { cache: "no-cache" }]] : [])];
  const digest = digestOf(path);
  for (const [url, how] of ways) {
    try {
      const response = await fetch(url, how);
      if (!response.ok) continue;
      const body = await response.arrayBuffer();
      if (hex(await crypto.subtle.digest("SHA-256", body)) !== digest) continue;
      const headers = { "Content-Type": response.headers.get("Content-Type") || "application/octet-stream", [DIGEST]: digest };
      return new Response(body, { headers });
    } catch (e) { /* offline: try the next way */ }
  }
  return null;
}

async function fill() {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const path of Object.keys(FILES)) if (!(await cache.match(path))) missing.push(path);
  await Promise.all(missing.map(async (path) => {
    const response = await fetchFile(path);
    if (!response) throw new Error(`cannot cache ${path}`);
    await cache.put(path, response);
  }));
  // a lesson or puzzle opened before this worker was installed is kept too, if the browser
  // still has it (no request is made for the others)
  await Promise.all(Object.keys(LATER).map(async (path) => {
    const response = (await cache.match(path)) ? null : await fetchFile(path, false);
    if (response) await cache.put(path, response);
  }));
}

self.addEventListener("install", (e) => e.waitUntil(fill().then(() => self.skipWaiting())));
self.addEventListener("activate", (e) => e.waitUntil(
  caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim())));
self.addEventListener("fetch", (e) => {
  const path = fileOf(e.request);
  if (path === null) return;
  // (caches.match, not caches.open: opening would bring back a cache a newer build deleted)
  e.respondWith(caches.match(path, { cacheName: CACHE }).then((hit) => hit || (path in LATER ? keep(path, e.request) : fetch(e.request))));
});

// A file of LATER from the network, kept in the offline cache when it is this build's.
async function keep(path, request) {
  const response = await fetch(request);
  if (!response.ok) return response;
  const body = await response.clone().arrayBuffer();
  if (hex(await crypto.subtle.digest("SHA-256", body)) === LATER[path]) {
    const headers = { "Content-Type": response.headers.get("Content-Type") || "application/json", [DIGEST]: LATER[path] };
    await (await caches.open(CACHE)).put(path, new Response(body, { headers }));
  }
  return response;
}
