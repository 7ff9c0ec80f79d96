// A player or a square as the variables a message may use: the name, its cases and the gender
// its verbs agree with ({player}, {player_gen}, {player_gender}), as companion/i18n/persons.py
// gives them to the engine's sentences. The forms come from the game (state.forms, kept in its
// new_game line) and the edition (/api/board's square cases): nothing is guessed here.

import { currentState } from "./api.js";
import { lang, t } from "./i18n.js";

export const CASES = ["gen", "dat", "acc", "ins", "pre"];

// {player: "Аня", player_gen: "Ани", ..., player_gender: "she"}; a name that is not declined
// keeps its nominative after "игрок" in the case needed ("игроку Ann"), a gender not said is "none".
export function personArgs(variable, name, state = currentState()) {
  const language = lang();
  const forms = state?.forms?.[name] || {};
  const cases = language === "en" ? null : forms[language];
  const args = { [variable]: name, [`${variable}_gender`]: forms.gender === "she" || forms.gender === "he" ? forms.gender : "none" };
  for (const c of CASES) {
    args[`${variable}_${c}`] = cases?.[c] ?? (language === "en" ? name : t(`grammar.unknown_${c}`, { name }));
  }
  return args;
}

// {square: "Электрическая компания", square_acc: "Электрическую компанию", ...} from the board.
export function squareArgs(variable, board, id, shown) {
  const square = board?.squares?.find((s) => s.id === id);
  const cases = square?.cases?.[lang()] || {};
  const args = { [variable]: shown };
  for (const c of CASES) args[`${variable}_${c}`] = cases[c] ?? shown;
  return args;
}
