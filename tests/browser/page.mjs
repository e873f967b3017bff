// Driving the page as a player does, through its stable hooks only:
// points `[data-point="e5"]` with their pieces `[data-piece]`, the status
// line `[data-testid="status"]`, the move list `[data-testid="moves"]` and
// the buttons by their accessible names. The game's state JSON (what the
// page fetches) tells which turns are legal; the clicks that make one are
// checked against what the page marks.

/** Thrown when the page is not as it should be. */
export class Mismatch extends Error {}

export function check(condition, message) {
  if (!condition) throw new Mismatch(typeof message === 'function' ? message() : message);
}

export function equal(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  check(a === e, () => `${what}: expected ${e}, got ${a}`);
}

/** A result in the status line: the game has ended. */
export const RESULT = /^(1-0|0-1|1\/2-1\/2)\b/;

/** A small seeded random number generator (mulberry32): the same seed, the same game. */
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.pick = (items) => items[Math.floor(next() * items.length)];
  return next;
}

export const point = (page, name) => page.locator(`[data-point="${name}"]`);
export const button = (page, name) => page.getByRole('button', { name, exact: true });
export const statusText = async (page) => (await page.getByTestId('status').textContent()).trim();
export const moveTexts = (page) => page.getByTestId('moves').locator('button').allTextContents();

/** The game's id, from the page's address. */
export function gameId(page) {
  const match = new URL(page.url()).pathname.match(/^\/games\/([\w-]+)$/);
  check(match, `not a game's page: ${page.url()}`);
  return match[1];
}

/** The game's state as the page's seat sees it (the page's cookie goes with the request). */
export function fetchState(page) {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/games/${id}`);
    return response.json();
  }, gameId(page));
}

/** Sends a request from the page, with its seat's cookie; answers `{ status, body }`. */
export function request(page, method, path, body) {
  return page.evaluate(async ([method, path, body]) => {
    const response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  }, [method, path, body]);
}

/** The pieces of position text (N3): point name → `white`, `black-king`... */
export function piecesOf(position) {
  const pieces = {};
  for (const field of position.split(':').slice(1)) {
    const side = { W: 'white', B: 'black' }[field[0]];
    if (!side) continue;
    for (const item of field.slice(1).split(',').filter(Boolean)) {
      if (item.startsWith('K')) pieces[item.slice(1)] = `${side}-king`;
      else pieces[item] = side;
    }
  }
  return sorted(pieces);
}

function sorted(pieces) {
  return Object.fromEntries(Object.entries(pieces).sort(([a], [b]) => a.localeCompare(b)));
}

/** The pieces the board shows: point name → its `data-piece`. */
export async function boardPieces(page) {
  const pieces = await page.evaluate(() => Object.fromEntries(
    [...document.querySelectorAll('[data-point]')]
      .map((p) => [p.dataset.point, p.querySelector('[data-piece]')?.dataset.piece])
      .filter(([, piece]) => piece)));
  return sorted(pieces);
}

/** Waits until the board shows `position` (N3). */
export async function waitForBoard(page, position, timeout) {
  const expected = piecesOf(position);
  await page.waitForFunction((expected) => {
    const shown = Object.fromEntries([...document.querySelectorAll('[data-point]')]
      .map((p) => [p.dataset.point, p.querySelector('[data-piece]')?.dataset.piece])
      .filter(([, piece]) => piece));
    const keys = Object.keys(expected);
    return keys.length === Object.keys(shown).length && keys.every((k) => shown[k] === expected[k]);
  }, expected, { timeout });
}

/** The points the page marks as where a pick can go next (`.target-mark`). */
export function marked(page) {
  return page.evaluate(() => [...document.querySelectorAll('[data-point]')]
    .filter((p) => p.querySelector('.target-mark')).map((p) => p.dataset.point).sort());
}

/** Waits until the move list holds at least `count` turns (or the game is over). */
export async function waitForMoves(page, count, timeout) {
  await page.waitForFunction(
    ([count, result]) => document.querySelectorAll('[data-testid="moves"] button').length >= count ||
      new RegExp(result).test(document.querySelector('[data-testid="status"]').textContent),
    [count, RESULT.source], { timeout });
}

/**
 * Waits until the page stands still where its seat can act: the game is
 * over, or it is the seat's turn (the status names it, the machine is not
 * thinking). Then fetches the state and checks that the page shows it:
 * the status, the move list and the board. Returns the state.
 */
export async function settle(page, { timeout } = {}) {
  for (;;) {
    await page.waitForFunction(
      (result) => {
        const status = document.querySelector('[data-testid="status"]').textContent;
        return new RegExp(result).test(status) ||
          (/\bto move$/.test(status) && document.getElementById('thinking').hidden);
      },
      RESULT.source, { timeout });
    const state = await fetchState(page);
    if (!state.outcome && !state.your_turn) {
      // Not this seat's turn: the other seat, or the machine about to be
      // told. The caller waits for it with waitForMoves.
      return state;
    }
    try {
      await page.waitForFunction(
        ({ status, number }) => document.querySelector('[data-testid="status"]').textContent === status &&
          document.querySelectorAll('[data-testid="moves"] button').length === number,
        { status: state.status, number: state.number }, { timeout: 5_000 });
    } catch {
      continue; // the game moved on meanwhile: look again
    }
    await waitForBoard(page, state.position, 5_000);
    return state;
  }
}

/** The other turns that share `turn`'s claim and path and go on past its end. */
function goesOnPast(turn, turns) {
  return turns.some((t) => (t.claim ?? null) === (turn.claim ?? null) &&
    t.path.length > turn.path.length && turn.path.every((p, i) => t.path[i] === p));
}

async function waitForMark(page, name, what) {
  try {
    await page.waitForSelector(`[data-point="${name}"] .target-mark`, { state: 'attached', timeout: 5_000 });
  } catch {
    throw new Mismatch(`${what}: ${name} is not marked (marked: ${(await marked(page)).join(' ') || 'none'})`);
  }
}

/** Waits until the pick stands on `at` with exactly `jumped` marked as jumped. */
async function waitForPick(page, at, jumped) {
  await page.waitForFunction(([at, jumped]) => {
    const selected = [...document.querySelectorAll('[data-point].selected')].map((p) => p.dataset.point);
    const shown = [...document.querySelectorAll('[data-point].jumped')].map((p) => p.dataset.point).sort();
    return selected.length === 1 && selected[0] === at && JSON.stringify(shown) === JSON.stringify(jumped);
  }, [at, [...jumped].sort()], { timeout: 5_000 });
}

/**
 * Makes `turn` (one of `state.turns`) by clicks: the claim (or huff), the piece,
 * each landing point, checking at each step that the page marks it; where
 * the chain could go on past the turn's end, stops by picking the last
 * point again or by Stop here (`stop: 'again' | 'button'`). The turn is
 * then sent, or the forfeit warning asks first.
 */
export async function clickTurn(page, state, turn, { stop = 'again', tap = false } = {}) {
  const press = (name) => (tap ? point(page, name).tap() : point(page, name).click());
  if (!turn.path.length) {
    // A pass (F6): the page offers its own button.
    const pass = button(page, 'Pass');
    await pass.waitFor({ timeout: 5_000 });
    await pass.click();
    return;
  }
  if (turn.claim) {
    await page.waitForSelector(`[data-point="${turn.claim}"] .claim-mark`, { state: 'attached', timeout: 5_000 });
    await press(turn.claim);
    await page.waitForSelector(`[data-point="${turn.claim}"].claimed`, { state: 'attached', timeout: 5_000 });
  }
  const [from, ...landings] = turn.path;
  await waitForMark(page, from, `the piece of ${turn.text}`);
  await press(from);
  await waitForPick(page, from, []);
  for (const [i, landing] of landings.entries()) {
    await waitForMark(page, landing, `landing ${i + 1} of ${turn.text}`);
    await press(landing);
    const last = i === landings.length - 1;
    if (!last) await waitForPick(page, landing, turn.captured.slice(0, i + 1));
  }
  if (goesOnPast(turn, state.turns)) {
    const at = landings.at(-1);
    await waitForPick(page, at, turn.captured);
    if (stop === 'button') await button(page, 'Stop here').click();
    else await press(at);
  }
}

/** The forfeit warning, once it is open. */
export const forfeitDialog = (page) => page.locator('#d-confirm[open]');

/**
 * Makes `turn` by clicks and waits until the server has it. When the turn
 * forfeits pieces (P6) and the page asks, `forfeit` says what to answer:
 * 'confirm' (the default) or 'cancel'; `neverAgain` ticks "Do not ask
 * again". Returns whether the turn was played.
 */
export async function playTurn(page, state, turn, { forfeit = 'confirm', neverAgain = false, asks, ...options } = {}) {
  await clickTurn(page, state, turn, options);
  const warned = asks ?? (turn.forfeits?.length > 0 && await page.locator('#warn-forfeit').isChecked());
  if (warned) {
    const dialog = forfeitDialog(page);
    await dialog.waitFor({ timeout: 5_000 });
    const text = await dialog.locator('#d-confirm-text').textContent();
    for (const name of turn.forfeits) check(text.includes(name), `the forfeit warning names ${name}: ${text}`);
    check(text.includes(`(${state.removal_rule})`), `the forfeit warning cites ${state.removal_rule}: ${text}`);
    if (neverAgain) await dialog.getByLabel('Do not ask again').check();
    await dialog.getByRole('button', { name: forfeit === 'confirm' ? 'Yes' : 'No', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    if (forfeit !== 'confirm') return false;
  }
  await waitForMoves(page, state.number + 1);
  return true;
}

/** Plays the turn written `text` (N2) by clicks; it must be legal now. */
export async function play(page, text, options) {
  const state = await settle(page);
  const turn = state.turns.find((t) => t.text === text);
  check(turn, () => `${text} is not among the legal turns: ${state.turns.map((t) => t.text).join(' ')}`);
  await playTurn(page, state, turn, options);
  return state;
}

/**
 * A turn a quick player would choose: the most captures, else any; so
 * that random games end soon.
 */
export function choose(turns, rng) {
  const most = Math.max(...turns.map((t) => t.captured.length));
  return rng.pick(turns.filter((t) => t.captured.length === most));
}
