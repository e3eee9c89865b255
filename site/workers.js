// The computer player's workers. Questions go to a pool of workers, each with its own
// interpreter (ai-worker.js), one question at a time, so the page never waits on a search.
// A question goes to every ready worker, each searching its own share of it (`share`) for
// the level's time, and the page's Python merges their answers (api.merge); a level capped
// by work asks one worker only, since more would do more work than the level allows. The
// first worker starts once the page is ready; the others start after it, one at a time, so
// that the first answer never waits for them. A worker that fails or does not answer in
// time is dropped and the others answer without it; when none is left a new one is started
// once, and after that the page's own interpreter answers (api.ask), in slices, and says so.

import { i18n, t } from "./i18n.js";

export const workers = {
  pool: [],  // the workers: {worker, ready}
  size: 1,  // how many workers are wanted
  fallback: false, restarted: false,
  current: null, queue: [], nextId: 1, api: null, note: null, levels: [],

  // How many workers a device runs unless the player chooses: one core is left to the page
  // and at most four are used (each holds its own interpreter, and more gain little); with
  // under 4 GB of memory, at most two.
  defaultSize() {
    const n = Math.max(1, Math.min((navigator.hardwareConcurrency || 1) - 1, 4));
    return navigator.deviceMemory < 4 ? Math.min(n, 2) : n;
  },

  // Start the first worker in the background (once the page is ready, so that its start-up
  // does not slow the page's). `note(text)` shows a notice about the computer's workers.
  start(api, note, size = 1) {
    if (this.api) return;
    this.api = api; this.note = note; this.size = size;
    this.levels = JSON.parse(api.levels());
    if (!window.Worker) return this.giveUp(t("this browser cannot run a background worker"));
    this.spawn();
  },

  spawn() {
    let worker;
    try {
      worker = new Worker("./ai-worker.js", { type: "module" });
    } catch (e) { return this.failed(null, e.message); }
    const member = { worker, ready: false };
    this.pool.push(member);
    worker.onmessage = (e) => this.receive(member, e.data);
    worker.onerror = (e) => { e.preventDefault(); this.failed(member, e.message || t("it stopped with an error")); };
  },

  // One more worker, if fewer are running than wanted and none is starting.
  grow() {
    if (this.fallback || !this.pool.length || this.pool.length >= this.size || this.pool.some((m) => !m.ready)) return;
    this.spawn();
  },

  // The player's choice of cores: workers beyond it stop (a question they were thinking
  // about is answered by the others), more start one at a time.
  resize(size) {
    this.size = size;
    if (!this.api || this.fallback) return;
    while (this.pool.length > Math.max(size, 1)) this.drop(this.pool[this.pool.length - 1]);
    this.grow();
    this.pump();
  },

  // Ask a question ({purpose, fragment, level, seat}); resolves with the answer object
  // ({move, chances, key, lines, …}, {refused}, {cancelled} or {error}). Thinking on the
  // person's time ({purpose: "ponder", fragment, expect, computer}) gives way to any other
  // question: what it found stays in the workers for the computer's next move.
  ask(request) {
    if (request.purpose !== "ponder") this.cancel(["ponder"]);
    return new Promise((resolve) => {
      this.queue.push({ request: { ...request, id: this.nextId++, lang: i18n.lang }, resolve });
      this.pump();
    });
  },

  // A review ({purpose: "review", key, plies, seconds}): every worker takes its share of the
  // positions (a capped level has no say here), and each look found is passed to `onLook`
  // at once; resolves with {reviewed: [plies]} (those the workers finished), or {cancelled}.
  review(request, onLook) {
    this.cancel(["ponder"]);
    return new Promise((resolve) => {
      this.queue.push({ request: { ...request, id: this.nextId++, lang: i18n.lang }, resolve, onLook });
      this.pump();
    });
  },

  // Withdraw every question whose purpose is in `purposes` (the game moved on).
  cancel(purposes) {
    for (const job of this.queue.filter((j) => purposes.includes(j.request.purpose))) job.resolve({ cancelled: true });
    this.queue = this.queue.filter((j) => !purposes.includes(j.request.purpose));
    const job = this.current;
    if (job && purposes.includes(job.request.purpose) && !job.cancelling) {
      job.cancelling = true;
      if (this.fallback) { this.api.cancel(job.request.id); job.resolve({ cancelled: true }); }
      else job.asked.forEach((m) => m.worker.postMessage({ cancel: job.request.id }));
    }
  },

  // Stop pondering and let what was pondered go (an undo, a new game, another level).
  forget() {
    this.cancel(["ponder"]);
    this.pool.forEach((m) => m.worker.postMessage({ forget: true }));
  },

  // Whether a question with this purpose is being thought about or waits its turn.
  asked(purpose) {
    return [this.current, ...this.queue].some((job) => job && !job.cancelling && job.request.purpose === purpose);
  },

  pump() {
    const ready = this.pool.filter((m) => m.ready);
    if (this.current || !this.queue.length || !(ready.length || this.fallback)) return;
    const job = this.current = this.queue.shift();
    if (this.fallback) {
      const asked = job.onLook ? this.api.review(JSON.stringify(job.request), (json) => job.cancelling || job.onLook(JSON.parse(json)))
        : this.api.ask(JSON.stringify(job.request));
      asked.then((json) => this.finish(job, JSON.parse(json)));
      return;
    }
    const level = this.levels.find((l) => l.name === job.request.level);
    job.asked = level && level.capped ? ready.slice(0, 1) : ready;
    job.replies = new Map();
    // a review's worker looks at its positions one after another, two searches at most each
    const seconds = job.onLook ? 2 * job.request.seconds * Math.ceil(job.request.plies.length / job.asked.length)
      : job.request.purpose === "ponder" ? Math.max(...this.levels.map((l) => l.ponder))
      : (level ? level.seconds : 10);
    if (job.request.purpose === "ponder") document.body.dataset.pondering = job.request.expect;
    job.timer = setTimeout(() => this.late(job), (seconds + 30) * 1000);
    job.asked.forEach((m, i) => m.worker.postMessage({ ...job.request, share: [i, job.asked.length] }));
  },

  receive(member, data) {
    if (data.ready) {
      member.ready = true;
      document.body.dataset.aiReady = "1";
      this.counted();
      this.pump();
      this.grow();
      return;
    }
    if (data.failed) return this.failed(member, data.failed);
    const job = this.current;
    if (job && job.onLook && data.look && data.id === job.request.id) return job.cancelling || job.onLook(data);
    if (job && job.asked && data.id === job.request.id && job.asked.includes(member)) {
      job.replies.set(member, data);
      this.settle(job);
    }
  },

  // Once every worker asked has answered: one answer from theirs.
  settle(job) {
    if (!job.asked.every((m) => job.replies.has(m))) return;
    const replies = job.asked.map((m) => job.replies.get(m));
    if (job.onLook) return this.finish(job, { reviewed: replies.flatMap((r) => r.reviewed || []), refused: replies.find((r) => r.refused)?.refused });
    const moves = replies.filter((r) => r.move);
    if (moves.length < 2) return this.finish(job, moves[0] || replies[0]);
    this.finish(job, JSON.parse(this.api.merge(JSON.stringify(job.request), JSON.stringify(moves))));
  },

  finish(job, answer) {
    clearTimeout(job.timer);
    if (this.current === job) this.current = null;
    // how many searches the answer stands for, for tests and curious players
    if (answer.move) document.body.dataset.aiAnswerWorkers = this.fallback ? 0 : answer.workers || 1;
    // how long the answer's search was pondered before it was asked (0: not at all)
    if (answer.move && "pondered" in answer) document.body.dataset.aiPondered = answer.pondered;
    // whether the computer's move came from its opening book
    if (answer.move && job.request.purpose === "move") document.body.dataset.aiBook = answer.book ? "1" : "0";
    if (job.request.purpose === "ponder") delete document.body.dataset.pondering;
    job.resolve(job.cancelling ? { cancelled: true } : answer);
    this.pump();
  },

  // The question took far longer than its level's time: the workers still silent are stuck.
  late(job) {
    for (const m of job.asked.filter((w) => !job.replies.has(w))) this.failed(m, t("it did not answer in time"));
  },

  // A worker stops and leaves the pool; a question it alone was thinking about is asked
  // again (of the others, or of the page).
  drop(member) {
    member.worker.terminate();
    this.pool = this.pool.filter((m) => m !== member);
    this.counted();
    const job = this.current;
    if (!job || !job.asked || !job.asked.includes(member)) return;
    job.asked = job.asked.filter((m) => m !== member);
    if (job.asked.length) return this.settle(job);
    clearTimeout(job.timer);
    this.current = null;
    if (job.cancelling) job.resolve({ cancelled: true }); else this.queue.unshift(job);
  },

  // A worker failed to start or stopped: the others go on without it (and no other takes
  // its place, since the same would likely happen again); the last one is restarted once.
  failed(member, reason) {
    if (member && !this.pool.includes(member)) return;
    if (member) this.drop(member);
    if (this.pool.length) {
      this.size = this.pool.length;
      if (this.note) this.note(t("One of the computer's background helpers failed ({why}); it thinks with the others.", { why: reason }));
      return this.pump();
    }
    if (this.restarted) return this.giveUp(reason);
    this.restarted = true;
    this.spawn();
  },

  giveUp(reason) {
    this.pool.forEach((m) => m.worker.terminate());
    this.pool = []; this.fallback = true;
    this.counted();
    document.body.dataset.aiFallback = "1";
    if (this.note) this.note(t("The computer is thinking on this page itself because its background helper failed ({why}), so the page may be slow while it thinks.", { why: reason }));
    this.pump();
  },

  // How many workers are ready, for tests and curious players.
  counted() {
    document.body.dataset.aiWorkers = this.pool.filter((m) => m.ready).length;
  },

  // The thinking notice: shown while the computer works on a move, with a running clock
  // (a CSS animation and a timer, both of which keep going because the page stays free).
  notice: {
    timer: null,
    show(box, clock) {
      const t0 = performance.now();
      box.hidden = false;
      clock.textContent = t("{seconds} s", { seconds: "0.0" });
      this.timer = setInterval(() => { clock.textContent = t("{seconds} s", { seconds: ((performance.now() - t0) / 1000).toFixed(1) }); }, 100);
    },
    hide(box) { clearInterval(this.timer); box.hidden = true; },
  },
};
// for tests and benchmarks, which ask the computer directly
window.PgAi = workers;
