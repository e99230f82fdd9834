// The board of a game page: the picture GET /v1/<game>/render.svg draws, laid out area by
// area, and the places on it a move names (ringed for a hint, made buttons for a click).
//
// A picture is a row of sections (<g class="section" data-width data-height>): each is
// shown as an SVG of its own at its own size, so a narrow screen stacks them rather than
// shrinking the board, and the seat's own areas come first. A section wider than the screen
// (a play area late in a game) is scaled to fit it, its words kept at least SMALLEST px: a
// card's id, badges and coordinates drawn larger, the longer words (in each card's title)
// left out where they no longer fit.

const SVG = "http://www.w3.org/2000/svg";
const SMALLEST = 11; // CSS px: no word on the board is drawn smaller

/** A move field's value as the board names it ("2,-1" for a cell). */
export function valueOf(/** @type {any} */ value) {
  return Array.isArray(value) ? value.join(",") : String(value);
}

const quote = (/** @type {string} */ value) => `"${CSS.escape(value)}"`;

/**
 * Where on the board each move field is: a field's value -> the selector of its places.
 * @type {Record<string, (value: string) => string>}
 */
const PLACES = {
  dessert: (v) => `.dessert[data-dessert=${quote(v)}]`,
  reveal: (v) => `.tile[data-side="opponent"][data-dessert=${quote(v)}]`,
  slot: (v) => `.track-slot[data-slot=${quote(v)}]`,
  kind: (v) => `.upgrade-row .upgrade[data-kind=${quote(v)}]`,
  area: (v) => `.park[data-you] .area[data-area=${quote(v)}]`,
  explorer: (v) => `.explorer-offer[data-explorer=${quote(v)}]`,
  card: (v) => `.offer [data-card=${quote(v)}]`,
  discard: (v) => `.offer [data-card=${quote(v)}]`,
  at: (v) => `.mine .free[data-at=${quote(v)}]`,
  row: (v) => `.open-row[data-row=${quote(v)}]`,
  pass: (v) => `.seat-area[data-seat=${quote(v)}]`,
  action: (v) => (v === "token" || v === "pass" ? ".park[data-you] .tokens" : ""),
  tourist: (v) => `.tourist[data-card=${quote(v)}]`,
  tourists: () => ".tourists-done",
};

/** Every place a move names on the board, with the field and value it stands for. A list of
 * tourists names each of its tourists ("tourist", the id) and the box that ends the list
 * ("tourists", "done"); the box alone stands for no tourist, unless ``every`` place is asked. */
function places(/** @type {ParentNode} */ board, /** @type {Record<string, any>} */ move, every = false) {
  /** @type {[Element, string, string][]} */
  const found = [];
  for (const [field, value] of Object.entries(move)) {
    if (field === "tourists" && Array.isArray(value)) {
      /** @type {[string, string][]} */
      const named = value.map((id) => ["tourist", String(id)]);
      if (every || value.length === 0) named.push(["tourists", "done"]);
      for (const [name, id] of named) {
        for (const place of board.querySelectorAll(PLACES[name](id))) found.push([place, name, id]);
      }
      continue;
    }
    const selector = PLACES[field]?.(valueOf(value));
    if (!selector) continue;
    for (const place of board.querySelectorAll(selector)) found.push([place, field, valueOf(value)]);
  }
  return found;
}

/** Show the SVG text ``picture`` in ``box``, one SVG per section of it. */
export function showPicture(/** @type {HTMLElement} */ box, /** @type {string} */ picture) {
  const parsed = new DOMParser().parseFromString(picture, "image/svg+xml").documentElement;
  const sections = [...parsed.querySelectorAll(":scope > g.section")];
  if (parsed.nodeName !== "svg" || sections.length === 0) {
    box.replaceChildren(document.importNode(parsed, true));
    return;
  }
  box.setAttribute("aria-label", parsed.getAttribute("aria-label") || "the board");
  box.replaceChildren(
    ...sections.map((section) => {
      const width = section.getAttribute("data-width") || "0";
      const height = section.getAttribute("data-height") || "0";
      const svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
      svg.setAttribute("width", width);
      svg.setAttribute("height", height);
      svg.setAttribute("font-family", parsed.getAttribute("font-family") || "sans-serif");
      svg.setAttribute("role", "group");
      svg.setAttribute("aria-label", section.getAttribute("aria-label") || "");
      const inner = /** @type {Element} */ (document.importNode(section, true));
      inner.removeAttribute("transform");
      svg.append(inner);
      const holder = document.createElement("div");
      const kinds = (section.getAttribute("class") || "").split(" ").filter((k) => k !== "section");
      holder.className = ["section-box", ...kinds].join(" ");
      if (section.querySelector("[data-you]") || kinds.includes("mine")) holder.classList.add("yours");
      holder.append(svg);
      return holder;
    }),
  );
}

/** Mark with ``name`` every place the ``moves`` name on the board (a hint: "best"), but for
 * the fields in ``skip`` (those already chosen). */
export function markTargets(
  /** @type {HTMLElement} */ board,
  /** @type {Record<string, any>[]} */ moves,
  /** @type {string} */ name,
  /** @type {string[]} */ skip = [],
) {
  for (const marked of board.querySelectorAll(`.${name}`)) marked.classList.remove(name);
  for (const move of moves) {
    for (const [place, field] of places(board, move)) if (!skip.includes(field)) place.classList.add(name);
  }
}

/**
 * Make every place a legal move names a button: focusable, named for a screen reader by
 * what it shows and what a press chooses, and carrying the (field, value) pairs it names.
 */
export function clickable(/** @type {HTMLElement} */ board, /** @type {Record<string, any>[]} */ moves) {
  /** @type {Map<Element, [string, string][]>} */
  const named = new Map();
  for (const move of moves) {
    for (const [place, field, value] of places(board, move, true)) {
      const pairs = named.get(place) || [];
      if (!pairs.some(([f, v]) => f === field && v === value)) pairs.push([field, value]);
      named.set(place, pairs);
    }
  }
  for (const [place, pairs] of named) {
    place.setAttribute("data-choice", JSON.stringify(pairs));
    place.classList.add("target");
  }
  for (const [place, pairs] of named) {
    const shown = place.querySelector(":scope > title")?.textContent || pairs.map(([f, v]) => `${f} ${v}`).join(", ");
    const button = pressable(place);
    button.setAttribute("tabindex", "0");
    button.setAttribute("role", "button");
    button.setAttribute("aria-label", `${shown}: choose ${pairs.map(([f]) => f).join(" or ")}`);
  }
}

/** What a press on ``place`` lands on: a clear rectangle over the whole of it (under it, when
 * it holds places of its own: an open row's cards), named in words by its title (what its
 * drawn numbers and letters show, said once); or the place itself. */
function pressable(/** @type {Element} */ place) {
  if (!(place instanceof SVGGraphicsElement)) return place;
  const { x, y, width, height } = place.getBBox();
  const button = document.createElementNS(SVG, "rect");
  for (const [name, value] of Object.entries({ x, y, width, height })) button.setAttribute(name, String(value));
  button.setAttribute("class", "press");
  if (place.querySelector("[data-choice]")) place.prepend(button);
  else place.append(button);
  return button;
}

/** Mark with ``name`` the board's places that choose one of the (field, value) ``pairs``. */
export function markChoices(/** @type {HTMLElement} */ board, /** @type {string} */ name, /** @type {[string, string][]} */ pairs) {
  for (const marked of board.querySelectorAll(`.${name}`)) marked.classList.remove(name);
  for (const place of board.querySelectorAll("[data-choice]")) {
    /** @type {[string, string][]} */
    const offered = JSON.parse(place.getAttribute("data-choice") || "[]");
    if (offered.some(([f, v]) => pairs.some(([g, w]) => f === g && v === w))) place.classList.add(name);
  }
}

/** Fit every section of the board in ``box`` to its width (see the top of this file). */
export function fitSections(/** @type {HTMLElement} */ box) {
  const room = box.clientWidth - 2; // the section's own border
  for (const svg of box.querySelectorAll(":scope > .section-box > svg")) {
    const [, , width, height] = (svg.getAttribute("viewBox") || "").split(" ").map(Number);
    if (!(width > room) || room <= 0) continue;
    const scale = room / width;
    svg.setAttribute("width", String(room));
    svg.setAttribute("height", String(height * scale));
    const holder = /** @type {HTMLElement} */ (svg.parentElement);
    holder.classList.add("scaled");
    /** @type {string[]} */
    const said = [];
    for (const words of svg.querySelectorAll("text")) {
      const card = words.closest("g")?.querySelector(":scope > rect");
      if (card) keepReadable(/** @type {SVGTextElement} */ (words), /** @type {SVGGraphicsElement} */ (card), scale);
      else if (parseFloat(getComputedStyle(words).fontSize) * scale < SMALLEST) {
        said.push(words.textContent || ""); // the section's own words: above it, at their size
        words.classList.add("left-out");
      }
    }
    if (said.length === 0) continue;
    const caption = document.createElement("p");
    caption.className = "section-caption";
    caption.textContent = said.join(" · ");
    holder.prepend(caption);
  }
}

/** Draw a card's ``words`` at SMALLEST px on a board drawn at ``scale``: its id, badges and
 * coordinates grown where they still fit the ``card`` beside what is kept; its longer words
 * (in the card's title) and what no longer fits, left out. */
function keepReadable(
  /** @type {SVGTextElement} */ words,
  /** @type {SVGGraphicsElement} */ card,
  /** @type {number} */ scale,
) {
  if (parseFloat(getComputedStyle(words).fontSize) * scale >= SMALLEST) return;
  const key = words.getAttribute("font-weight") === "bold" || words.closest(".free") !== null;
  words.setAttribute("font-size", String(SMALLEST / scale + 0.01));
  const room = card.getBBox();
  const took = words.getBBox();
  const kept = [...(card.parentElement?.querySelectorAll(":scope > text:not(.left-out)") || [])]
    .filter((other) => other !== words && other.compareDocumentPosition(words) & Node.DOCUMENT_POSITION_FOLLOWING)
    .map((other) => /** @type {SVGGraphicsElement} */ (other).getBBox());
  const badge = words.previousElementSibling?.tagName === "circle" ? /** @type {SVGGraphicsElement} */ (words.previousElementSibling).getBBox() : null;
  const fits =
    (!badge || took.width <= badge.width * 1.5) &&
    took.x >= room.x - 1 &&
    took.x + took.width <= room.x + room.width + 1 &&
    !kept.some((k) => took.x < k.x + k.width && k.x < took.x + took.width && took.y < k.y + k.height && k.y < took.y + took.height);
  if (key && fits) return;
  words.classList.add("left-out");
  if (badge) words.previousElementSibling?.classList.add("left-out"); // a badge without its number hides words
}
