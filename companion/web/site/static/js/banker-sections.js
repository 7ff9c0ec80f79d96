// The Banker page's sections fold (each a <details>), so a phone shows the game's state and the new
// game first and everything else one tap away. On a wide screen (a tablet, a laptop) every section
// starts open; on a phone only what a banker needs now: the new game when no game runs, else the
// players at a glance. (The end of the game is a section of its own, last, and asks again.) A section the banker opened or closed stays so on this screen.

const WIDE = "(min-width: 700px)";
const KEY = "companion.banker.sections";

function remembered() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; }
}

export function sections() {
  return [...document.querySelectorAll("details[data-section]")];
}

// Decide each section's first state once the page knows whether a game runs.
export function foldSections(state) {
  const wide = window.matchMedia(WIDE).matches;
  const running = Boolean(state?.game) && !state?.winner;
  const chosen = remembered();
  for (const section of sections()) {
    const name = section.dataset.section;
    let open = wide;
    if (name === "new-game") open = wide || !running;
    else if (name === "overview") open = wide || running;
    if (name in chosen) open = chosen[name];
    section.open = open;
  }
}

// The banker's own choice is kept (a toggle by a person, not by this script).
export function wireSections() {
  for (const section of sections()) {
    section.querySelector("summary").addEventListener("click", () => {
      const chosen = remembered();
      chosen[section.dataset.section] = !section.open; // the click is about to toggle it
      try { localStorage.setItem(KEY, JSON.stringify(chosen)); } catch { /* private mode */ }
    });
  }
}

// Open a section (an unknown tag was tapped: the Tags section shows what to do with it).
export function openSection(name) {
  const section = document.querySelector(`details[data-section="${name}"]`);
  if (section) section.open = true;
  return section;
}
