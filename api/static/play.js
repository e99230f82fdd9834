"use strict";
// Playground for the rules-engine games: paste a state, see the ranked hints and the
// board. It calls only GET /v1/games, POST /v1/<game>/hint and POST /v1/<game>/render.svg.

const $ = (id) => document.getElementById(id);
const SHOWN = 12;  // hints listed; the API ranks every legal move

function showError(message) {
  $("error").textContent = message || "";
  $("error").hidden = !message;
}

/** POST JSON; answers [status, body] (body parsed when JSON, else text). */
async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  return [response.status, data];
}

function readRequest() {
  let state;
  try {
    state = JSON.parse($("state").value);
  } catch (error) {
    throw new Error(`the state is not JSON: ${error.message}`);
  }
  if (state === null || typeof state !== "object" || Array.isArray(state)) {
    throw new Error("the state must be a JSON object");
  }
  const body = { state };
  const seat = $("seat").value.trim();
  if (seat !== "") body.seat = Number(seat);
  return body;
}

function moveText(move) {
  return Object.entries(move)
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : value}`)
    .join(", ");
}

function showHints(answer) {
  $("hint-seat").textContent = `seat ${answer.seat}, ${answer.moves.length} legal moves`;
  const list = $("hints");
  list.replaceChildren();
  for (const ranked of answer.moves.slice(0, SHOWN)) {
    const item = document.createElement("li");
    const value = document.createElement("span");
    value.className = "value";
    value.textContent = ` (${Number(ranked.value).toFixed(2)})`;
    const move = document.createElement("code");
    move.textContent = moveText(ranked.move);
    item.append(`${ranked.reason} `, value, document.createElement("br"), move);
    list.append(item);
  }
}

async function ask(event) {
  if (event) event.preventDefault();
  showError("");
  let body;
  try {
    body = readRequest();
  } catch (error) {
    showError(error.message);
    return;
  }
  const game = $("game").value;
  const [[status, answer], [pictureStatus, picture]] = await Promise.all([
    post(`/v1/${game}/hint`, body),
    post(`/v1/${game}/render.svg`, body),
  ]);
  if (status === 200) {
    showHints(answer);
  } else {
    $("hints").replaceChildren();
    $("hint-seat").textContent = "";
    showError((answer && answer.detail) || `hint: ${status}`);
  }
  const box = $("picture");
  if (pictureStatus === 200) {
    box.innerHTML = picture;
  } else {
    box.textContent = (picture && picture.detail) || `render: ${pictureStatus}`;
  }
  document.body.dataset.answered = String(Date.now());
}

// The games come from the service (GET /v1/games), so a new game needs no change here.
async function listGames() {
  const path = "/v1/games";
  const response = await fetch(path);
  const { games } = await response.json();
  $("game").replaceChildren(
    ...games.map(({ name, title }) => {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = title;
      return option;
    }),
  );
}

async function start() {
  await listGames();
  $("ask").addEventListener("submit", ask);
  $("state").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) ask(event);
  });
  const named = new URLSearchParams(location.search).get("game");
  if (named) $("game").value = named;
  document.body.dataset.ready = "true";
}

start();
