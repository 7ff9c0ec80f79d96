// What a person would notice on a page, from its element boxes (tests/browser/layout.py runs it):
// sideways scroll, text cut by a box that clips it, text over text, a toast over a button.
() => {
  const problems = [];
  const W = window.innerWidth;
  if (document.documentElement.scrollWidth > W + 1) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${W})`);
  const name = (el) => {
    const test = el.closest("[data-test]")?.getAttribute("data-test");
    return `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : ""}${test ? `[${test}]` : ""}`;
  };
  // Each element's style, box and standing worked out once a reading (a page of a whole game holds
  // thousands of text nodes, each asking about the same ancestors).
  const looks = new Map(); // what of an element's computed style the checks read, as plain values
  const look = (el) => {
    let l = looks.get(el);
    if (!l) {
      const s = getComputedStyle(el);
      const x = s.overflowX, y = s.overflowY;
      l = { hidden: s.display === "none" || s.visibility === "hidden" || Number(s.opacity) === 0,
            scrollsX: x === "auto" || x === "scroll", scrolls: /auto|scroll/.test(y + x),
            clipsX: x === "hidden" || x === "clip", clipsY: y === "hidden" || y === "clip" };
      looks.set(el, l);
    }
    return l;
  };
  const boxesOf = new Map();
  const boxOf = (el) => {
    let b = boxesOf.get(el);
    if (!b) boxesOf.set(el, b = el.getBoundingClientRect());
    return b;
  };
  const shownAt = new Map(); // an element and its ancestors are displayed, visible and not transparent
  const shown = (e) => {
    if (!e) return true;
    let known = shownAt.get(e);
    if (known === undefined) shownAt.set(e, known = !look(e).hidden && shown(e.parentElement));
    return known;
  };
  const visibleAt = new Map();
  const visible = (el) => {
    let known = visibleAt.get(el);
    if (known !== undefined) return known;
    known = shown(el);
    // inside a closed <details> (at any depth), unless in that very <details>' own summary
    for (let d = el.closest("details:not([open])"); known && d; d = d.parentElement?.closest("details:not([open])")) {
      if (el.closest("summary")?.parentElement !== d) known = false;
    }
    visibleAt.set(el, known);
    return known;
  };
  // The boxes from an element up to the body's child that scroll or clip, nearest first.
  const framesAt = new Map();
  const frames = (el) => {
    if (!el || el === document.body) return [];
    let known = framesAt.get(el);
    if (!known) {
      const l = look(el), up = frames(el.parentElement);
      known = l.scrolls || l.clipsX || l.clipsY ? [el, ...up] : up;
      framesAt.set(el, known);
    }
    return known;
  };
  const unseenAt = new Map(); // text no one reads as the page's: scripts, hidden helpers, pictures
  const unseen = (el) => {
    let known = unseenAt.get(el);
    if (known === undefined) {
      known = Boolean(el.closest("script, style, noscript, title, dialog:not([open]), .visually-hidden, .skip, svg"));
      unseenAt.set(el, known);
    }
    return known;
  };
  for (const el of document.querySelectorAll("body *")) {
    if (look(el).scrollsX && el.scrollWidth > el.clientWidth + 1 && visible(el)) {
      problems.push(`${name(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
    }
  }
  const boxes = [];
  // with a modal dialog open, the page behind its backdrop is out of reach: the dialog is the page
  const modal = Array.from(document.querySelectorAll("dialog[open]")).pop();
  const walker = document.createTreeWalker(modal || document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || unseen(el) || !visible(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    let rects = Array.from(range.getClientRects()).filter((r) => r.width > 0.5 && r.height > 0.5);
    // text scrolled out of a box that scrolls (the log, the feed) is not on show, nor cut
    for (const a of frames(el.parentElement)) {
      if (!look(a).scrolls) continue;
      const box = boxOf(a);
      rects = rects.filter((r) => r.bottom > box.top + 1 && r.top < box.bottom - 1 && r.right > box.left + 1 && r.left < box.right - 1)
        // what shows of a line half scrolled out is the part inside the box: only that can lie over text
        .map((r) => {
          const left = Math.max(r.left, box.left), right = Math.min(r.right, box.right);
          const top = Math.max(r.top, box.top), bottom = Math.min(r.bottom, box.bottom);
          return { left, right, top, bottom, width: right - left, height: bottom - top };
        });
    }
    if (!rects.length) continue;
    // cut: a text box reaching out of a box that clips it (overflow hidden or clip)
    for (const a of frames(el)) {
      const { clipsX, clipsY } = look(a);
      if (!clipsX && !clipsY) continue;
      const box = boxOf(a);
      for (const r of rects) {
        if ((clipsX && (r.left < box.left - 1 || r.right > box.right + 1)) || (clipsY && (r.top < box.top - 1 || r.bottom > box.bottom + 1))) {
          problems.push(`text cut: "${node.textContent.trim().slice(0, 40)}" in ${name(el)} by ${name(a)}`);
          break;
        }
      }
    }
    for (const r of rects) {
      if (r.left < -1 || r.right > W + 1) problems.push(`text off the screen: "${node.textContent.trim().slice(0, 40)}" in ${name(el)}`);
      boxes.push({ r, el, text: node.textContent.trim().slice(0, 30) });
    }
  }
  // overlap: two text boxes of different elements on top of each other. A layer (data-layer: the
  // card spotlight, opaque, above the page for a few seconds or until tapped) hides what is under
  // it rather than lying over it: its text is checked against its own, the page's against the page's.
  // Boxes taken top first: once a box starts 2 px above another's bottom or lower, so do all after it.
  const layerOf = (el) => el.closest("[data-layer]");
  const free = boxes.slice().sort((a, b) => a.r.top - b.r.top);
  for (let i = 0; i < free.length; i++) {
    for (let j = i + 1; j < free.length && free[j].r.top < free[i].r.bottom - 2; j++) {
      const a = free[i], b = free[j];
      const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (!(x > 2 && y > 2)) continue;
      if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el) || layerOf(a.el) !== layerOf(b.el)) continue;
      problems.push(`text over text: "${a.text}" (${name(a.el)}) and "${b.text}" (${name(b.el)})`);
    }
  }
  // toasts (in the header) never lie over a button
  for (const toast of document.querySelectorAll("[data-test=toast]")) {
    const t = toast.getBoundingClientRect();
    for (const button of document.querySelectorAll("main button")) {
      if (!visible(button)) continue;
      const r = button.getBoundingClientRect();
      if (r.width && Math.min(t.right, r.right) > Math.max(t.left, r.left) && Math.min(t.bottom, r.bottom) > Math.max(t.top, r.top)) {
        problems.push(`a toast covers the button ${name(button)}`);
      }
    }
  }
  return Array.from(new Set(problems));
}
