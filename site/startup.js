// Start-up shared by the app and embedded boards: failure reporting and offline support.

export const startup = {
  // Report any start-up failure. PyScript imports main (site/main.py), which hands its
  // functions to window.pgConnect; if that never happens, the page says why instead of waiting.
  watch(fail) {
    window.addEventListener("error", (e) => fail(e.message || "script error"));
    window.addEventListener("unhandledrejection", (e) => fail((e.reason && e.reason.message) || String(e.reason)));
    // PyScript announces when every Python script has finished; if ours never connected,
    // it failed (its traceback is in the console, not on the page).
    window.addEventListener("py:all-done", () => fail("the Python start-up script stopped with an error"));
  },

  // Offline support, set up at idle once the board is ready so that it takes nothing from
  // the start: the service worker (sw.js) then caches every file of the site, reading what
  // the page already loaded from the browser's cache. Resolves once the page is served from
  // the offline cache, or at once without one (never rejects: offline use is optional).
  offline() {
    this.cached ||= new Promise((resolve) => {
      const sw = navigator.serviceWorker;
      if (!sw || location.protocol === "file:") return resolve(false);
      const controlled = () => sw.controller || new Promise((r) => sw.addEventListener("controllerchange", r, { once: true }));
      const done = (ok) => { if (ok) document.documentElement.dataset.offline = "ready"; resolve(ok); };
      const idle = window.requestIdleCallback ? (f) => requestIdleCallback(f, { timeout: 1000 }) : (f) => setTimeout(f);
      idle(() => sw.register("./sw.js").then((registration) => new Promise((installed, failed) => {
        const installing = registration.installing;
        if (installing) installing.addEventListener("statechange", () => installing.state === "redundant" && failed());
        sw.ready.then(controlled).then(installed);
      })).then(() => done(true), () => done(false)));
    });
    return this.cached;
  },
};
// for the page-load benchmark (it waits for the offline cache)
window.PgStart = startup;
