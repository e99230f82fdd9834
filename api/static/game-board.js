// The board of a game page: the picture GET /v1/<game>/render.svg draws, laid out area by
// area, and the places on it a move names (ringed for a hint, made buttons for a click).
//
// A picture is a row of sections (<g class="section" data-width data-height>): each is
// shown as an SVG of its own at its own size, so a narrow screen stacks them rather than
// shrinking the board, and the seat's own areas come first.

const SVG = "http://www.w3.org/2000/svg";

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
  action: (v) => (v === "token" ? ".park[data-you] .tokens" : ""),
};

/** Every place a move names on the board, with the field and value it stands for. */
function places(/** @type {ParentNode} */ board, /** @type {Record<string, any>} */ move) {
  /** @type {[Element, string, string][]} */
  const found = [];
  for (const [field, value] of Object.entries(move)) {
    if (field === "tourists" && Array.isArray(value)) {
      const shown = value.length ? value.map((id) => `.tourist[data-card=${quote(String(id))}]`) : [".tourist-row"];
      for (const place of board.querySelectorAll(shown.join(","))) found.push([place, field, valueOf(value)]);
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
    for (const [place, field, value] of places(board, move)) {
      if (field === "tourists") continue; // a set of tourists is chosen in the list
      const pairs = named.get(place) || [];
      if (!pairs.some(([f, v]) => f === field && v === value)) pairs.push([field, value]);
      named.set(place, pairs);
    }
  }
  for (const [place, pairs] of named) {
    const shown = place.querySelector(":scope > title")?.textContent || pairs.map(([f, v]) => `${f} ${v}`).join(", ");
    place.setAttribute("data-choice", JSON.stringify(pairs));
    place.setAttribute("tabindex", "0");
    place.setAttribute("role", "button");
    place.setAttribute("aria-label", `${shown}: choose ${pairs.map(([f]) => f).join(" or ")}`);
    place.classList.add("target");
  }
}
