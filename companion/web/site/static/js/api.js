// The dashboard's only way to the daemon: JSON over fetch (errors shown as toasts) and the live
// stream of Server-Sent Events on /api/events (reconnecting, catching up with Last-Event-ID; polling
// /api/state when the table evicts or refuses the stream).

import { known, lang, setMoney, t } from "./i18n.js";
import { toast } from "./ui.js";

export class ApiError extends Error {
  constructor(status, message, data) {
    super(message);
    this.status = status;
    this.data = data || {};
  }
}

// request("POST", "/api/commands", {...}); quiet: no toast on failure (the caller shows it).
export async function request(method, path, body, { quiet = false, signal } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: "same-origin",
      headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if (err.name === "AbortError") throw err;
    const error = new ApiError(0, t("error.network"));
    if (!quiet) toast(error.message, "error");
    throw error;
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!response.ok) {
    const reason = (data && data.error) || (known(`error.${response.status}`) ? t(`error.${response.status}`) : t("error.status", { status: response.status }));
    const error = new ApiError(response.status, reason, data);
    if (!quiet) showError(error);
    throw error;
  }
  return data ?? {};
}

// A refusal in this screen's language: the rules give every language ("words"); the table's
// own answers (pairing, permissions) are English, so other languages show the status's sentence.
export function reasonOf(error) {
  const words = error.data?.words;
  if (words && words[lang()]) return words[lang()];
  if (lang() !== "en" && known(`error.${error.status}`)) return t(`error.${error.status}`);
  return error.message;
}

export function showError(error) {
  const reason = reasonOf(error);
  if (error.status === 422) toast(t("toast.refused", { reason }), "refused");
  else if (error.status === 429 && error.data.retry_after) toast(t("error.wait", { reason, seconds: Math.ceil(error.data.retry_after) }), "error");
  else toast(reason, "error");
}

export const get = (path, options) => request("GET", path, undefined, options);
export const post = (path, body = {}, options) => request("POST", path, body, options);

// A panel's data from GET `path` and from the `type` notice the table pushes whenever it changes:
// apply(data) hears both; the returned function asks. The answer and the notices come on different
// connections, so an answer asked for before a notice was heard may be older than that notice (the
// table answered before the change, the page read it after): it is dropped, as the notice (or one
// still to come on the ordered stream) says at least as much; a lost stream is asked again once
// back (whenOpen).
export function noticed(type, path, apply) {
  let heard = 0;
  window.addEventListener("notice", (e) => {
    if (e.detail?.type !== type) return;
    heard += 1;
    apply(e.detail);
  });
  return async () => {
    const asked = heard;
    const answer = await get(path, { quiet: true });
    if (asked === heard) apply(answer);
  };
}

// `load` runs once the stream is open (what changed before it is in the answer, what changes after
// comes as a notice) and at every poll while the page polls instead (no notices come then); at
// once if the page is so already. Not while it only connects: the answer could not stay current.
const ASKING = ["live", "polling"];

export function whenOpen(load) {
  window.addEventListener("connection", (e) => { if (ASKING.includes(e.detail)) load(); });
  if (ASKING.includes(document.getElementById("connection")?.dataset.state)) load();
}

// One table-script command; resolves to {seq, state} or null when refused (already toasted).
// A shared tablet's command waits for the player's token (202): its outcome comes later.
export async function command(cmd, options = {}) {
  try {
    let answer = await post("/api/commands", cmd, options);
    if (answer && answer.request && answer.done === false) answer = await outcomeOf(answer, options);
    if (answer && answer.state) applyState(answer.state);
    return answer;
  } catch (err) {
    if (options.quiet) throw err;
    return null;
  }
}

// ---- a token wait (pairing, a shared tablet's command): answered at once with a request id;
// its outcome comes through the event stream (event: request) or, failing that, by polling.
// While it waits, a choice at the table may offer codes: `onOffer(offer)` hears each (null when the
// choice ended), so the screen can say "yours: now" or "another screen's code".
const outcomes = new Map(); // request id -> its done record, as the stream brought it
window.addEventListener("request-outcome", (e) => { if (e.detail.done) outcomes.set(e.detail.request, e.detail); });

export function awaitRequest(record, { timeout = 45000, onOffer = null } = {}) {
  // never give up before the table does (the banker's step waits longer than a pairing)
  if (record.deadline) timeout = Math.max(timeout, record.deadline - tableNow() + 10000);
  return new Promise((resolve) => {
    const started = Date.now();
    let timer = 0;
    let offer;
    const offered = (now) => {
      if (!onOffer || JSON.stringify(now.offer ?? null) === JSON.stringify(offer ?? null)) return;
      offer = now.offer ?? null;
      onOffer(offer);
    };
    const finish = (done) => {
      clearTimeout(timer);
      window.removeEventListener("request-outcome", onEvent);
      resolve(done);
    };
    const onEvent = (e) => {
      if (e.detail.request !== record.request) return;
      if (e.detail.done) finish(e.detail);
      else offered(e.detail);
    };
    window.addEventListener("request-outcome", onEvent);
    const poll = async () => {
      if (outcomes.has(record.request)) return finish(outcomes.get(record.request));
      try {
        const now = await get(`/api/requests/${encodeURIComponent(record.request)}`, { quiet: true });
        if (now.done) return finish(now);
        offered(now);
      } catch { /* the stream may still bring it */ }
      if (Date.now() - started > timeout) return finish({ ...record, done: true, status: 408, answer: { error: t("player.pair_timeout") } });
      timer = setTimeout(poll, 1500);
    };
    timer = setTimeout(poll, 1500);
  });
}

// The outcome of a token wait as a request's answer: the body, or an ApiError thrown.
async function outcomeOf(record, options = {}) {
  const done = await awaitRequest(record, { timeout: options.timeout, onOffer: options.onOffer });
  if (done.status >= 200 && done.status < 300) return done.answer;
  const error = new ApiError(done.status, (done.answer && done.answer.error) || t("error.status", { status: done.status }), done.answer);
  if (!options.quiet) showError(error);
  throw error;
}
export const awaitOutcome = outcomeOf;

// ---- the session: who this screen is -----------------------------------------------------------
export const session = { player: null, banker: false, pin_set: true, simulated: false, join_url: "", wifi: {} };

export async function loadSession() {
  try {
    Object.assign(session, await get("/api/session", { quiet: true }));
  } catch { /* watching only */ }
  window.dispatchEvent(new CustomEvent("session", { detail: session }));
  return session;
}

// ---- the live state ----------------------------------------------------------------------------
let latest = null; // the newest state seen: {seq, game, players, ...} or {game: null, seq: 0}
const stateListeners = new Set();
export const currentState = () => latest;

export function onState(fn) {
  stateListeners.add(fn);
  if (latest) fn(latest, []);
  return () => stateListeners.delete(fn);
}

export function applyState(state, messages = [], force = true) {
  if (!state) return;
  if (!force && latest && latest.game === state.game && (state.seq ?? 0) <= (latest.seq ?? 0)) return;
  const before = latest;
  latest = state;
  setMoney(state.money); // the game's edition's money: what every amount is written in
  // Another game: who this screen is may have changed with it (a paired phone is asked again).
  if (before && before.game !== state.game) window.dispatchEvent(new CustomEvent("gamechange", { detail: state }));
  for (const fn of stateListeners) {
    try { fn(state, messages); } catch (err) { console.error(err); }
  }
}

export async function refreshState() {
  try {
    applyState(await get("/api/state", { quiet: true }), [], false);
  } catch { /* the stream will bring it */ }
}

// ---- the stream --------------------------------------------------------------------------------
// handlers: {notice(data), devices(data), status("connecting"|"live"|"polling"|"offline")}
// When the table evicts this screen's stream (`event: poll`: too many are open) or refuses one,
// the page polls GET /api/state?after=<seq> instead, and tries a stream again only after the
// while the table said, or at once when this screen becomes a player's or the banker's (whose
// streams are always kept): never a reconnecting loop that would evict another screen.
export function connect(handlers = {}) {
  let source = null;
  let timer = 0;
  let lost = 0; // after a few seconds of retrying, say so plainly
  let now = "";
  let polling = null; // {timer, until}: polling instead of a stream
  let refused = 0; // streams refused in a row (each waits longer before the next try)
  const tell = (s) => { now = s; if (handlers.status) handlers.status(s); };
  const status = (s) => {
    if (s === "connecting") {
      if (now === "connecting" || now === "offline") return; // still trying: the clock runs on
      lost = setTimeout(() => tell("offline"), 3000);
    } else {
      clearTimeout(lost);
    }
    tell(s);
  };

  async function pollOnce() {
    const seq = latest ? latest.seq ?? 0 : 0;
    const game = latest && latest.game ? `&game=${encodeURIComponent(latest.game)}` : "";
    try {
      const response = await fetch(`/api/state?after=${encodeURIComponent(seq)}${game}`, {
        credentials: "same-origin", headers: { Accept: "application/json" },
      });
      if (response.status === 200) {
        const state = await response.json();
        applyState(state, [], false);
        // No feed events come while polling: the story reads itself again for the new state.
        window.dispatchEvent(new CustomEvent("feed", { detail: { game: state.game, seq: state.seq, reset: true } }));
      }
      status(response.ok ? "polling" : "offline");
    } catch {
      status("offline");
    }
  }

  function poll({ poll_after = 2, stream_after = 300 } = {}) {
    if (source) { source.close(); source = null; }
    clearTimeout(timer);
    if (polling) clearTimeout(polling.timer);
    polling = { timer: 0, until: Date.now() + stream_after * 1000 };
    const every = Math.max(1, poll_after) * 1000;
    const next = async () => {
      if (!polling) return;
      await pollOnce();
      if (!polling) return;
      if (Date.now() >= polling.until) { open(); return; }
      polling.timer = setTimeout(next, every);
    };
    next();
  }

  function open() {
    if (polling) { clearTimeout(polling.timer); polling = null; }
    clearTimeout(timer);
    status("connecting");
    const last = latest ? latest.seq ?? 0 : 0;
    source = new EventSource(`/api/events${last ? `?last=${encodeURIComponent(last)}` : ""}`);
    source.addEventListener("open", () => {
      refused = 0;
      status("live");
      refreshState(); // another game may have been opened while we were away
    });
    source.addEventListener("poll", (e) => {
      let data = {};
      try { data = JSON.parse(e.data); } catch { /* the defaults, then */ }
      poll(data); // evicted: this stream is over, the table will not take it back at once
    });
    source.addEventListener("state", (e) => {
      try {
        const data = JSON.parse(e.data);
        applyState(data.state, data.messages || []);
      } catch (err) { console.error("bad state event", err); }
    });
    source.addEventListener("notice", (e) => {
      try { handlers.notice && handlers.notice(JSON.parse(e.data)); } catch (err) { console.error(err); }
    });
    source.addEventListener("feed", (e) => {
      try { window.dispatchEvent(new CustomEvent("feed", { detail: JSON.parse(e.data) })); } catch (err) { console.error(err); }
    });
    source.addEventListener("voice", (e) => { // the table's voice: voice.js says it where switched on
      try { window.dispatchEvent(new CustomEvent("voice", { detail: JSON.parse(e.data) })); } catch (err) { console.error(err); }
    });
    source.addEventListener("session", (e) => {
      try {
        Object.assign(session, JSON.parse(e.data));
        window.dispatchEvent(new CustomEvent("session", { detail: session }));
      } catch (err) { console.error(err); }
    });
    source.addEventListener("request", (e) => {
      try { window.dispatchEvent(new CustomEvent("request-outcome", { detail: JSON.parse(e.data) })); } catch (err) { console.error(err); }
    });
    source.addEventListener("devices", (e) => {
      try {
        const data = JSON.parse(e.data);
        window.dispatchEvent(new CustomEvent("devices", { detail: data }));
      } catch (err) { console.error(err); }
    });
    source.addEventListener("error", () => {
      // The browser retries by itself (sending Last-Event-ID) while CONNECTING; CLOSED means the
      // server answered with an error (no room: 503): poll, and try a stream later, backing off.
      if (source && source.readyState === EventSource.CLOSED) {
        refused += 1;
        poll({ stream_after: Math.min(15 * 2 ** (refused - 1), 300) });
      } else {
        status("connecting");
      }
    });
  }

  // A player's or the banker's screen always gets a stream: once paired or logged in, at once.
  window.addEventListener("session", () => {
    if (polling && (session.player || session.banker)) open();
  });
  window.addEventListener("online", () => { if (!polling && (!source || source.readyState === EventSource.CLOSED)) open(); });
  open();
  return { close: () => { clearTimeout(timer); if (polling) clearTimeout(polling.timer); polling = null; source && source.close(); } };
}

// ---- what a player may do now: the server's word (state.legal, from the rule engine) --------------
// Screens never work a rule out for themselves: a button is shown for a command only when it is
// listed for that player, and costs come from the listed entry.
export function legalFor(state, player) {
  if (!state?.legal) return [];
  return player === "banker" ? state.legal.banker || [] : state.legal.players?.[player] || [];
}

// The listed entry for this player whose command has these fields (null when it is not allowed).
export function allowed(state, player, fields) {
  return legalFor(state, player).find((entry) =>
    Object.entries(fields).every(([key, value]) => entry.command[key] === value)) || null;
}

// Each screen tells the Pi the time once (a Pi without a network may have a stale clock).
export function sendClock() {
  post("/api/clock", { time: Date.now() }, { quiet: true }).catch(() => {});
}

// The table's clock as this screen reckons it (countdowns end when the table acts, whatever this
// screen's own clock says): the offset from one round trip to /api/time, halfway.
let offset = 0;
export async function syncClock() {
  try {
    const sent = Date.now();
    const { now } = await get("/api/time", { quiet: true });
    offset = now - (sent + Date.now()) / 2;
  } catch { /* this screen's clock, then */ }
}
export const tableNow = () => Date.now() + offset;

// ---- pairing and rolling: the only places that know how the server wants them ------------------
// Pair by a token tap on the reader and the people's choice of this screen's code at the table
// (answered at once, 202 with the code: `waiting(record)` shows it; the offers and the outcome come
// through the event stream), or as the banker for a named player.
export const WAIT_MS = 100000; // the table waits 90 s for a token or the banker's step; a little more here
export async function pairByTap(waiting = () => {}, onOffer = null) {
  const record = await post("/api/pair", {}, { quiet: true });
  waiting(record);
  return awaitOutcome(record, { quiet: true, timeout: WAIT_MS, onOffer });
}
export const pairAs = (player) => post("/api/pair", { player });
export const unpair = () => post("/api/unpair", {});

// The table rolls the dice (the Pi's random source), as for the dice button.
export const rollCommand = () => ({ do: "roll" });

// ---- a screen acting: as its paired player, as the banker, or (a shared tablet) confirmed by a
// token tap on the reader. Returns the answer or null.
export async function act(cmd, player) {
  const body = { ...cmd };
  if (player && !("player" in body) && !("from" in body)) body.player = player;
  const shared = !session.banker && !session.player;
  if (shared) body.confirm = "token";
  let hint = null;
  if (body.confirm) {
    // The named player's own token confirms it (a command naming nobody: any player's, as theirs).
    const who = body.player || body.from || "";
    hint = toast(who ? t("toast.confirm_tap", { player: who }) : t("toast.confirm_tap_any"), "info", 30000);
  }
  const answer = await command(body);
  hint?.remove(); // this request's hint only: another one may be waiting for its token
  return answer;
}
