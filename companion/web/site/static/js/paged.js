// Paged reads of a long game (GET path?after=<seq>&limit=<n>, web/API.md "Paged reads"): a page
// keeps what it has and asks only for what came after the seq it has, page by page; a new game
// (another id) starts it over. One Reader per list a page shows.

import { get } from "./api.js";

const LIMIT = 1000;

export class Reader {
  constructor(path, key) {
    this.path = path;
    this.key = key; // the answer's list: "transfers", "points", "entries"
    this.asking = null; // the read on its way
    this.again = null; // the read to make once it is in
    this.reset();
  }

  reset() {
    this.started = (this.started || 0) + 1; // which start this.rows grew from (a list only grows between two)
    this.game = null;
    this.seq = 0;
    this.rows = [];
    this.last = null; // the last answer (its other fields: players, ...)
  }

  // Reads what came after this.seq; resolves to the new rows ({fresh: true} when it started over).
  // Asked while a read is on its way, it reads once more after it: that answer may have left
  // the server before what the caller has just heard of (a burst of commands), and nothing
  // else would ask again until the next one.
  more() {
    if (this.asking) {
      this.again ||= this.asking.catch(() => null).then(() => { this.again = null; return this.more(); });
      return this.again;
    }
    this.asking = this._more().finally(() => { this.asking = null; });
    return this.asking;
  }

  async _more() {
    const sep = this.path.includes("?") ? "&" : "?";
    let added = [];
    let fresh = false;
    for (;;) {
      const answer = await get(`${this.path}${sep}after=${this.seq}&limit=${LIMIT}`, { quiet: true });
      if (answer.game !== this.game) { // another game (or none): what this page has is not of it
        const was = this.game;
        this.reset();
        this.game = answer.game;
        added = [];
        fresh = true;
        if (was !== null && answer.after !== 0) continue;
      }
      const rows = answer[this.key] || [];
      this.rows = this.rows.concat(rows);
      added = added.concat(rows);
      this.seq = Math.max(this.seq, answer.next || 0);
      this.last = answer;
      if (!answer.more) return { rows: added, fresh };
    }
  }
}
