// The banker's new game: the board (the editions the table knows: shipped, and the family's files
// in the data folder, by their name in this screen's language; london first), players in turn
// order, each with a piece (drawn, and named in this screen's language), the house rules folded
// away, an optional seed. The editions, house rules and pieces are the engine's (GET /api/rules,
// ?edition=ID for that board's pieces): every rule it knows is offered, in its own ranges. The
// data folder's edition files are listed under the board, a refused one with why. Any seat may be
// the computer's (issue 41), at a level of the engine's (rules/seats.py LEVELS), each told in a
// line of how it plays; at least one seat stays a person's (the server says so too).

import { applyState, currentState, get, onState, post } from "./api.js";
import { lang, t } from "./i18n.js";
import { loadPieces, pieceSvg } from "./pieces.js";
import { $, clear, confirmDialog, h, money, toast } from "./ui.js";

// Whom sentences about a player agree with: she, he, or not said (gender-free sentences).
export const GENDERS = ["she", "he", "not_said"];
// Who plays a seat: a person (""), or the computer at one of the engine's levels.
export const PLAYS = ["", "simple", "smart"];
const emptySeat = (piece = null) => ({ name: "", piece, gender: "not_said", computer: "" });
// The pieces of the set and the house rules as the engine defines them ({key, kind, default, min,
// max, choices}), from GET /api/rules.
let PIECES = [];
let PIECE_NAMES = {}; // the pieces an edition file names itself: id -> language -> name
let RULES = [];
// The editions a game may start on ({id, name: {lang: text}, source}) and the data folder's files
// ({file, id, problems}); the edition chosen.
let EDITIONS = [];
let FILES = [];
let EDITION = "london";

const pieceName = (piece) => PIECE_NAMES[piece]?.[lang()] || PIECE_NAMES[piece]?.en || t(`piece.${piece}`);
const editionName = (edition) => edition.name?.[lang()] || edition.name?.en || edition.id;
let SIGN = null; // the sign of the chosen edition's money, from GET /api/rules

// The unit of each number among the house rules (shown beside its box).
const RULE_UNITS = {
  starting_cash: "money", salary: "money", jail_fine: "money", income_tax_percent: "percent",
  building_sellback: "of_cost", max_houses_per_turn: "houses", max_houses_per_group_per_turn: "houses",
  houses: "houses", hotels: "hotels",
};
// The auction clock kept with the game (companion/table/auction_timing.py): its defaults, in s.
export const AUCTION = { seconds: 20, opening: 60 };

function auctionFields() {
  const field = (key, min) => h("div", { class: "field" },
    h("label", { for: `auction-${key}` }, t(`auction.${key}`)),
    h("input", { type: "number", id: `auction-${key}`, "data-test": `auction-${key}`, class: "short", inputmode: "numeric",
      min, max: 600, step: 1, required: true, value: AUCTION[key] }));
  return h("fieldset", { class: "auction-timer" }, h("legend", {}, t("auction.timer")),
    field("seconds", 0), field("opening", 1), h("p", { class: "muted" }, t("auction.timer_hint")));
}

export class NewGameForm {
  constructor(form, { started }) {
    this.form = form;
    this.started = started;
    this.seats = [emptySeat(), emptySeat()];
    form.addEventListener("submit", (e) => { e.preventDefault(); this.submit(); });
    this.loaded = this.loadRules();
    onState(() => { this.showAgain(); this.followTable(); });
  }

  // The board of the game the table holds, until the banker picks one herself: during a US game
  // the form offers the US board again, its money's sign beside the amounts (not London's).
  followTable() {
    const id = currentState()?.edition;
    if (!id || this.editionPicked || this.following || id === EDITION) return;
    if (!EDITIONS.some((e) => e.id === id)) return; // not offered (yet, or a file since removed)
    this.following = true;
    this.chooseEdition(id, false).finally(() => { this.following = false; });
  }

  // "Same players again": offered while the table holds a game (the one running, or the last one,
  // finished, which the table keeps after a restart).
  lastPlayers() {
    return (currentState()?.players || []).map((p) => p.name);
  }

  showAgain() {
    const button = $("[data-test=same-players]", this.form);
    if (button) button.hidden = !this.lastPlayers().length;
  }

  // The form filled with the last game's players: names in their order, pieces, genders.
  async samePlayersAgain() {
    const names = this.lastPlayers();
    if (!names.length) return;
    const pieces = await loadPieces();
    const forms = currentState()?.forms || {};
    const players = currentState()?.players || [];
    const seats = names.map((name) => ({
      name, piece: pieces[name] || null, gender: forms[name]?.gender || "not_said", chosen: true,
      computer: players.find((p) => p.name === name)?.computer || "",
    }));
    for (const seat of seats) seat.piece ??= PIECES.find((p) => !seats.some((s) => s.piece === p)) ?? null;
    this.seats = seats;
    this.render();
    $("[data-test=new-game-player-0]", this.form)?.focus();
  }

  // The engine's house rules and pieces; the form is drawn again with them.
  async loadRules() {
    try {
      const answer = await get(`/api/rules?edition=${encodeURIComponent(EDITION)}`, { quiet: true });
      RULES = answer.rules || [];
      PIECES = answer.pieces || [];
      PIECE_NAMES = answer.piece_names || {};
      EDITIONS = answer.editions || [];
      FILES = answer.files || [];
      SIGN = answer.money?.sign ?? null;
    } catch { return; /* no pieces nor house rules to offer until it answers: the page says why */ }
    if (this.form.childElementCount) this.readSeats();
    this.seats.forEach((seat, i) => { if (!seat.piece || !PIECES.includes(seat.piece)) seat.piece = PIECES[i] ?? null; });
    if (this.form.childElementCount) this.render();
    this.followTable();
  }

  // Another board: its pieces (a file's own may differ) and the files found, asked again.
  async chooseEdition(id, picked = true) {
    if (picked) this.editionPicked = true;
    this.readSeats();
    EDITION = id;
    await this.loadRules();
  }

  // The board to play on, and the data folder's edition files: offered, or refused and why.
  editionField() {
    const select = h("select", {
      id: "new-game-edition", "data-test": "new-game-edition",
      onchange: (e) => this.chooseEdition(e.target.value),
    }, EDITIONS.map((e) => h("option", { value: e.id, selected: e.id === EDITION }, editionName(e))));
    const files = FILES.length ? h("ul", { class: "edition-files muted", "data-test": "edition-files" },
      FILES.map((f) => h("li", { "data-test": `edition-file-${f.file}` }, f.problems.length
        ? [t("banker.edition_refused", { file: f.file }), h("ul", {}, f.problems.map((p) => h("li", {}, h("code", {}, p))))]
        : t("banker.edition_offered", { file: f.file, name: editionName(EDITIONS.find((e) => e.id === f.id) || { id: f.id }) })))) : null;
    return h("div", { class: "field" }, h("label", { for: "new-game-edition" }, t("banker.edition")), select,
      files ? h("p", { class: "muted" }, t("banker.edition_files")) : null, files);
  }

  readSeats() {
    this.seats = this.seats.map((seat, i) => ({
      name: ($(`[data-test=new-game-player-${i}]`, this.form)?.value ?? seat.name),
      piece: ($(`[data-test=new-game-token-${i}]`, this.form)?.value ?? seat.piece),
      gender: ($(`[data-test=new-game-gender-${i}]`, this.form)?.value ?? seat.gender),
      computer: ($(`[data-test=new-game-plays-${i}]`, this.form)?.value ?? seat.computer),
      chosen: seat.chosen,
      guessed: seat.guessed,
    }));
  }

  // The gender the server guesses from a typed name (pymorphy3, or a list of common Latin-script
  // given names), pre-filled until the banker picks one: GET /api/names/<name>. The form may be drawn again meanwhile (a player added), so
  // the answer goes to the seat and the select there now, if the name is still the same.
  async guessGender(i, name) {
    if (!name || this.seats[i]?.chosen) return;
    let guess;
    try {
      guess = await get(`/api/names/${encodeURIComponent(name)}`, { quiet: true });
    } catch { return; /* the banker chooses */ }
    const input = $(`[data-test=new-game-player-${i}]`, this.form);
    const seat = this.seats[i];
    if (!seat || seat.chosen || input?.value.trim() !== name) return;
    seat.gender = guess.gender || "not_said";
    seat.guessed = Boolean(guess.gender); // sent as shown: the game keeps what the form said
    const select = $(`[data-test=new-game-gender-${i}]`, this.form);
    if (select) select.value = seat.gender;
  }

  // A number's unit beside its box (the new game's money sign before "[1500]", "[10] %"), told to
  // screen readers with the box.
  withUnit(key, input) {
    const unit = RULE_UNITS[key];
    if (!unit) return input;
    const id = `${input.id}-unit`;
    input.setAttribute("aria-describedby", id);
    const sign = SIGN ?? money(0).replace(/[\d\s.,]/g, ""); // the new game's edition's, once known
    const text = unit === "money" ? sign : t(`rule.unit.${unit}`);
    const shown = h("span", { class: "unit", id }, text);
    return h("span", { class: "with-unit" }, unit === "money" ? [shown, input] : [input, shown]);
  }

  ruleField({ key, kind, default: fallback, min, max, choices }) {
    const id = `rule-${key}`;
    const label = h("label", { for: id }, t(`rule.${key}`));
    let input;
    if (kind === "bool") {
      input = h("input", { type: "checkbox", id, name: key, checked: fallback, "data-test": id });
      return h("div", { class: "field check" }, input, label);
    }
    if (kind === "choice") {
      input = h("select", { id, name: key, "data-test": id }, choices.map((c) => h("option", { value: c, selected: c === fallback }, t(`rule.${key}.${c}`))));
    } else {
      input = h("input", {
        type: "number", id, name: key, "data-test": id, class: "short", inputmode: kind === "fraction" ? "decimal" : "numeric",
        min: min ?? null, max: max ?? null, step: kind === "fraction" ? 0.05 : 1, value: fallback ?? "", placeholder: fallback === null ? t("rule.none") : null,
      });
    }
    return h("div", { class: "field" }, label, this.withUnit(key, input));
  }

  render() {
    const form = this.form;
    const kept = {};
    for (const el of form.querySelectorAll("[data-test^=rule-], [data-test^=auction-], #seed")) kept[el.id] = el.type === "checkbox" ? el.checked : el.value;
    const open = form.querySelector("details.rules")?.open;
    const seats = this.seats;
    const rows = seats.map((seat, i) => {
      const preview = h("span", { class: "piece-preview", "aria-hidden": "true" }, seat.piece ? pieceSvg(seat.piece) : null);
      const select = h("select", {
        id: `seat-piece-${i}`, "data-test": `new-game-token-${i}`,
        onchange: (e) => preview.replaceChildren(pieceSvg(e.target.value)),
      }, PIECES.map((piece) => h("option", { value: piece, selected: piece === seat.piece }, pieceName(piece))));
      const gender = h("select", {
        id: `seat-gender-${i}`, "data-test": `new-game-gender-${i}`,
        onchange: (e) => { this.seats[i].gender = e.target.value; this.seats[i].chosen = true; },
      }, GENDERS.map((g) => h("option", { value: g, selected: g === seat.gender }, t(`banker.gender.${g}`))));
      const name = h("input", {
        id: `seat-name-${i}`, value: seat.name, required: true, maxlength: 24, autocomplete: "off",
        placeholder: t("banker.player_n", { n: i + 1 }), "data-test": `new-game-player-${i}`,
        onchange: (e) => this.guessGender(i, e.target.value.trim()),
      });
      // Who plays it, and under the seat how that level plays (said to screen readers with the box).
      const hint = h("p", { class: "muted seat-level-hint", id: `seat-level-${i}`, "data-test": `new-game-level-hint-${i}`, hidden: !seat.computer },
        seat.computer ? t(`banker.level_hint.${seat.computer}`) : "");
      const plays = h("select", {
        id: `seat-plays-${i}`, "data-test": `new-game-plays-${i}`, "aria-describedby": `seat-level-${i}`,
        onchange: (e) => {
          const level = e.target.value;
          this.seats[i].computer = level;
          hint.hidden = !level;
          hint.textContent = level ? t(`banker.level_hint.${level}`) : "";
          e.target.closest("li").classList.toggle("is-computer", Boolean(level));
        },
      }, PLAYS.map((level) => h("option", { value: level, selected: level === (seat.computer || "") }, t(`banker.plays.${level || "person"}`))));
      // The piece's picture, then each box with its word above it (name, pronoun, piece, who
      // plays): one row from a tablet up; on a phone the name's row, then the others (app.css).
      const field = (kind, label, box) => h("div", { class: `seat-field seat-${kind}` },
        h("label", { for: `seat-${kind}-${i}` }, label), box);
      return h("li", { class: `seat${seat.computer ? " is-computer" : ""}`, "data-test": `new-game-seat-${i}` },
        preview,
        field("name", t("banker.player_n", { n: i + 1 }), name),
        field("gender", t("banker.gender_label"), gender),
        field("piece", t("banker.piece"), select),
        field("plays", t("banker.plays"), plays),
        seats.length > 2 ? h("button", {
          type: "button", class: "small", "data-test": `remove-player-${i}`, "aria-label": t("banker.remove_player", { n: i + 1 }),
          onclick: () => { this.readSeats(); this.seats.splice(i, 1); this.render(); },
        }, "×") : null,
        hint);
    });
    clear(form,
      EDITIONS.length > 1 || FILES.length ? this.editionField() : null,
      h("fieldset", {}, h("legend", {}, t("banker.players")),
        h("button", {
          type: "button", class: "small same-players", "data-test": "same-players", hidden: !this.lastPlayers().length,
          onclick: () => this.samePlayersAgain(),
        }, t("banker.same_players")),
        h("p", { class: "muted seat-gender-hint", "data-test": "new-game-gender-hint" }, t("banker.gender")),
        h("ol", { class: "seats" }, rows),
        seats.length < 8 ? h("button", {
          type: "button", class: "small", "data-test": "add-player",
          onclick: () => { this.readSeats(); this.seats.push(emptySeat(PIECES.find((p) => !this.seats.some((s) => s.piece === p)) || PIECES[0])); this.render(); },
        }, t("banker.add_player")) : null),
      h("details", { class: "rules", open: Boolean(open) }, h("summary", {}, t("banker.house_rules")),
        h("div", { class: "rule-grid" }, RULES.map((rule) => this.ruleField(rule)))),
      auctionFields(),
      h("div", { class: "field" }, h("label", { for: "seed" }, t("banker.seed")),
        h("input", { id: "seed", type: "number", step: 1, min: 0, class: "short", inputmode: "numeric", "data-test": "seed", placeholder: t("banker.seed_random") })),
      h("div", { class: "actions" }, h("button", { type: "submit", class: "primary", "data-test": "new-game-submit" }, t("banker.start"))));
    for (const [id, value] of Object.entries(kept)) {
      const el = form.querySelector(`#${id}`);
      if (!el) continue;
      if (el.type === "checkbox") el.checked = value; else el.value = value;
    }
  }

  readRules() {
    const rules = {};
    for (const { key, kind, default: fallback } of RULES) {
      const el = $(`#rule-${key}`, this.form);
      if (!el) continue;
      let value;
      if (kind === "bool") value = el.checked;
      else if (kind === "choice") value = el.value;
      else if (el.value === "") value = null;
      else value = kind === "fraction" ? parseFloat(el.value) : parseInt(el.value, 10);
      if (value !== fallback && !(Number.isNaN(value))) rules[key] = value;
    }
    return rules;
  }

  async submit() {
    this.readSeats();
    const players = this.seats.map((s) => s.name.trim());
    if (players.some((n) => !n) || new Set(players).size !== players.length) {
      toast(t("banker.names_needed"), "error");
      return;
    }
    const pieces = this.seats.map((s) => s.piece);
    if (new Set(pieces).size !== pieces.length) {
      toast(t("banker.pieces_differ"), "error");
      return;
    }
    if (this.seats.every((s) => s.computer)) {
      toast(t("banker.one_person"), "error");
      return;
    }
    const state = currentState();
    if (state?.game && !state.winner && !(await confirmDialog(t("banker.replace_game"), t("banker.start")))) return;
    const body = {
      players, rules: this.readRules(), tokens: Object.fromEntries(this.seats.map((s) => [s.name.trim(), s.piece])),
      // what the banker picked or the form guessed and showed; the server guesses the rest
      genders: Object.fromEntries(this.seats.filter((s) => s.chosen || s.guessed).map((s) => [s.name.trim(), s.gender])),
    };
    const computer = Object.fromEntries(this.seats.filter((s) => s.computer).map((s) => [s.name.trim(), s.computer]));
    if (Object.keys(computer).length) body.computer = computer;
    if (EDITION !== "london") body.edition = EDITION;
    const clock = Object.fromEntries(Object.keys(AUCTION).map((key) => [key, parseInt($(`#auction-${key}`, this.form).value, 10)]));
    if (Object.values(clock).every(Number.isFinite)) body.auction_clock = clock;
    const seed = $("#seed").value.trim();
    if (seed !== "") body.seed = parseInt(seed, 10);
    try {
      const answer = await post("/api/games", body);
      if (answer.state) applyState(answer.state);
      toast(t("banker.started", { game: answer.game }), "ok");
      this.started();
    } catch { /* toasted */ }
  }
}
