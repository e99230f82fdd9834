// The words of each game's page: how to play it here, what its board shows (the legend),
// the rules in plain words, and how a click on its board names a move.

/**
 * @typedef {object} GameTexts
 * @property {string} help  how to play on this page
 * @property {[string, string][]} legend  a sign on the board, and what it means
 * @property {string[]} rules  the rules in plain words, a paragraph each
 * @property {string} [group]  the move field the move list is grouped by
 */

/** @type {Record<string, GameTexts>} */
export const TEXTS = {
  park: {
    help:
      "On your turn take a token, buy an upgrade for one of your areas, or invite a monster " +
      "from the track into an area; after your turn you may welcome the tourists your park " +
      "satisfies. Click a track card, an upgrade or one of your areas on the board, or choose " +
      "from the list; to welcome tourists click them in the order you want, then Done.",
    legend: [
      ["Number in the coloured badge", "the monster's size (green water, red land, blue sky)"],
      ["Red heart ♥", "a friendly monster"],
      ["Black heart ♥", "a nasty monster"],
      ["Number at the bottom of a card", "the monster's points"],
      ["Number under a track card", "the price in tokens to invite it"],
      ["Grey card", "an upgrade: its kind, size in the badge, and its cost"],
      ["Yellow card", "a tourist: what it asks for, and its reward in the badge"],
      ["Done box under the tourists", "in your tourist step: welcome the tourists you clicked (or none)"],
      ["Orange outline", "your park"],
    ],
    rules: [
      "Each player builds a park of three areas, water, land and sky, with room for five " +
        "cards each: monsters and upgrades, placed left to right.",
      "On your turn do one thing: take a 1-point token from the bank; buy an upgrade (paying " +
        "the tokens on it) and place it in any area; or invite a monster from the track, " +
        "paying the price under it (0 to 3 tokens).",
      "A monster lives only in its own area, and must be at least as large as the card to its " +
        "left. Upgrades go anywhere and score nothing at the end.",
      "After your action, welcome any tourist whose wishes your park meets: take its card and " +
        "its reward in tokens.",
      "When a player's park is full (five cards in each area) the round is finished and the " +
        "game ends. Score your tokens plus the points at the bottom of your monsters; the most " +
        "points wins.",
    ],
    group: "action",
  },
  vbm: {
    help:
      "First keep one of your two Explorer cards. Then each turn keep a card and place it " +
      "next to your area: in the row draft pick a row (the first player), keep a card and " +
      "discard one; in the hand draft keep a card and pass the rest. Click a card, then a " +
      "free cell (its coordinates are shown), or choose from the list.",
    legend: [
      ["Card colour", "its terrain: water blue, lava orange, ice pale blue, rock brown, grass green, sand yellow"],
      ["Number in the brown badge", "the card's printed VP"],
      ["Dashed cell (row,col)", "a free cell your next card may go to, named as moves name it"],
      ["Purple arrow", "a Mutagen beam pointing at the neighbour it changes"],
      ["Diamond on an edge", "half a crystal; purple dot in a corner: a portal quarter"],
      ["Orange outline", "an Explorer card, or the card you chose this turn"],
      ["Badges on a mission", "the reward tokens left, the next one first"],
    ],
    rules: [
      "Each player builds a play area of up to 20 cards around their Explorer card, which " +
        "sits at (0,0). A card goes next to a card already placed.",
      "At the start keep one of the two Explorer cards you were dealt: it scores for the " +
        "kinds of card it names.",
      "Row draft (2 or 3 players): the first player picks an open row, keeps a card and " +
        "discards one; the others keep and discard from the same row.",
      "Hand draft: keep one card from your hand, place it, and pass the rest on. In team " +
        "mode teammates sit opposite and a team scores its lower teammate's total.",
      "Cards score by terrain: complete monsters across cards (Big Mamas, Ice monsters), " +
        "Rock monsters, Grassland symbols, Sand rules, crystals and portals. Missions give " +
        "tokens to the first players who meet them. The most VP wins.",
    ],
    group: "card",
  },
  monstrolicious: {
    help:
      "Place the top tile of your stack at a dessert; after taking the Donuts, choose the " +
      "opposing tile to turn face up. Click a dessert on the board or choose from the list.",
    legend: [
      ["Top row", "the opponent's tiles; bottom row: yours"],
      ["Dark striped tile marked 'down'", "a face-down tile: '?' when you cannot see it"],
      ["Numbers under a '?'", "the strengths that tile may still have"],
      ["Blue or red dessert", "the dessert you (blue) or the opponent (red) holds"],
      ["pts", "the points a dessert is worth at the end"],
    ],
    rules: [
      "Each player has a stack of 13 tiles: monsters of strength 1 to 12 and a Trap. On your " +
        "turn place the top tile of your stack face down at an empty place in front of a dessert.",
      "If the opponent has a tile at that dessert there is a battle: their tile is turned face " +
        "up, and your monster wins if it is as strong or stronger; the loser is discarded. A " +
        "Trap discards both tiles and nobody holds the dessert.",
      "The Lollipop's holder wins every tie. Taking the Donuts with the tile you just placed " +
        "lets you turn one opposing tile face up. Holding both the Chocolate Fountain and the " +
        "Fruit Platter scores 3 points more.",
      "When every tile is played, each player scores the desserts they hold; the most points " +
        "wins.",
    ],
  },
};

