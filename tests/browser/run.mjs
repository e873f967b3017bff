#!/usr/bin/env node
// End-to-end tests of the web page (examples/serve.rs) in a real browser:
// Debian's Chromium driven by Playwright. Each test runs in fresh browser
// contexts against one release server with a fresh data directory.
//
//   cargo build --release --example serve --example tablebase
//   (cd tests/browser && npm ci)
//   node tests/browser/run.mjs [part of a test's name...]
//
// Environment: SERVE (the server binary), CHROMIUM (the browser), TABLEBASE
// (the tablebase example, by default beside SERVE: it builds the endgame
// tables the analysis board's tests read), SEED (the random choices of
// turns). A failing test leaves a screenshot of each
// of its pages and its pages' console log in target/browser/.

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildTables, freshData, launchBrowser, root, startServer, stopAll } from './harness.mjs';
import * as P from './page.mjs';

const OUT = path.join(root, 'target', 'browser');
const SEED = Number(process.env.SEED ?? 1);
const tests = [];

/**
 * A test: `fn(t)`, with `t.page(options)` (a page in a fresh browser
 * context), `t.base` (the server's address), `t.rng` (seeded random
 * numbers), `t.server(options)` and `t.dataDir()` (a server and a data
 * directory of the test's own) and `t.note(text)` (said with its result).
 */
function test(name, fn, { timeout = 60_000 } = {}) {
  tests.push({ name, fn, timeout });
}

// --- the tests -----------------------------------------------------------

/** Opens a new game by its link and waits for its page. */
async function open(page, query) {
  await page.goto(`/new?${query}`);
  await page.waitForURL((url) => /^\/games\/[0-9a-f]+$/.test(url.pathname));
  return P.settle(page);
}

const message = (page) => page.getByRole('status');

/** Waits until the page's message holds `text` (letter case and all). */
async function waitForMessage(page, text) {
  const shown = message(page).filter({ hasText: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  try {
    await shown.waitFor({ timeout: 5_000 });
  } catch {
    throw new P.Mismatch(`the page should say "${text}"; it says "${await message(page).textContent()}"`);
  }
}

/** Waits until the move list holds exactly `count` turns. */
async function waitForMoveCount(page, count) {
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="moves"] button').length === count, count);
}

/** Saves the game on `page` by its Save button; returns the record downloaded. */
async function save(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), P.button(page, 'Save').click()]);
  P.equal(download.suggestedFilename(), `${(await P.fetchState(page)).variant}-${P.gameId(page)}.txt`, 'the file\'s name');
  return readFile(await download.path(), 'utf8');
}

/** Opens the page without a game (it offers a new one: Cancel). */
async function home(page) {
  await page.goto('/');
  await page.getByRole('dialog', { name: 'New game' }).getByRole('button', { name: 'Cancel' }).click();
}

/** Loads `record` by the Load button on `page`, to play on against `opponent` (on `clock`, if given); waits for its page. */
async function load(page, record, opponent = 'human', clock = '') {
  await P.button(page, 'Load').click();
  const dialog = page.getByRole('dialog', { name: 'Load a game' });
  await dialog.getByLabel('Game record').setInputFiles({ name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(record) });
  await dialog.getByLabel('Play on against').selectOption(opponent);
  await dialog.getByLabel('Clock').selectOption(clock);
  const old = new URL(page.url()).pathname;
  await dialog.getByRole('button', { name: 'Open' }).click();
  await page.waitForURL((url) => /^\/games\/[0-9a-f]+$/.test(url.pathname) && url.pathname !== old);
  return P.settle(page);
}

/** Plays random quick turns by clicks until the game ends; returns its last state. */
async function playToTheEnd(page, rng, most) {
  for (let turns = 0; ; turns++) {
    const state = await P.settle(page);
    if (state.outcome) return state;
    P.check(turns < most, `the game did not end in ${most} turns`);
    P.check(state.your_turn, `the page's seat should have the move: ${state.status}`);
    await P.playTurn(page, state, P.choose(state.turns, rng), { stop: rng() < 0.5 ? 'again' : 'button' });
  }
}

/** Checks the page of a game that has ended as `state`. */
async function checkEnded(page, state) {
  const status = await P.statusText(page);
  P.check(P.RESULT.test(status), `the status should give the result: ${status}`);
  P.equal(status, `${state.outcome.result}: ${state.outcome.text}`, 'the status');
  P.equal(await P.moveTexts(page), state.moves.map((m) => m.text), 'the move list');
  await waitForMessage(page, `Game over: ${state.outcome.text}.`);
  // A click on the board now plays nothing.
  const [any] = Object.keys(P.piecesOf(state.position));
  await P.point(page, any).click();
  await waitForMessage(page, 'The game is over');
  P.equal((await P.fetchState(page)).version, state.version, 'the version after a click on an ended game');
}

test('a whole game against the machine by clicks, to its end (Alquerque, easy)', async (t) => {
  const page = await t.page();
  const start = await open(page, 'variant=alquerque&opponent=easy');
  P.equal([start.variant, start.opponent, start.colour], ['alquerque', 'easy', 'white'], 'the game');
  P.equal(await P.statusText(page), 'White (you) to move', 'the status');
  const end = await playToTheEnd(page, t.rng, 150);
  P.check(end.moves.length >= 2, 'the machine played');
  await checkEnded(page, end);
  t.note(`${end.number} turns, ${end.outcome.result}`);
  // Its record loads back, ended, to review.
  const record = await save(page);
  const other = await t.page();
  await home(other);
  const loaded = await load(other, record);
  P.equal([loaded.position, loaded.outcome?.result, loaded.moves.map((m) => m.text)], [end.position, end.outcome.result, end.moves.map((m) => m.text)], 'the game loaded');
}, { timeout: 120_000 });

test('a hot-seat game to its end (Permainan, two players at one screen)', async (t) => {
  const page = await t.page();
  const start = await open(page, 'variant=permainan&opponent=human');
  P.equal(start.sides, ['white', 'black'], 'the sides the screen plays');
  P.equal(await P.statusText(page), 'White to move', 'the status');
  const end = await playToTheEnd(page, t.rng, 400);
  await checkEnded(page, end);
  t.note(`${end.number} turns, ${end.outcome.result}`);
}, { timeout: 120_000 });

/** A hot-seat Peralikatuma after 1. e4-e5 e6xe4: White's e3 can jump e4. */
async function afterE6xE4(page) {
  await open(page, 'variant=peralikatuma&opponent=human');
  await P.play(page, 'e4-e5');
  await P.play(page, 'e6xe4');
  const state = await P.settle(page);
  P.equal(state.capturers, ['e3'], 'the pieces that can capture');
  await page.waitForSelector('[data-point="e3"] .capturer-mark', { state: 'attached' });
  return state;
}

test('a claim made and taken (P6)', async (t) => {
  const page = await t.page();
  await afterE6xE4(page);
  // White steps instead of jumping; the forfeit warning names e3; yes.
  await P.play(page, 'd4-d5', { forfeit: 'confirm' });
  const black = await P.settle(page);
  P.equal(black.claimable, ['e3'], 'what Black may claim');
  await page.waitForSelector('[data-point="e3"] .claim-mark', { state: 'attached' });
  P.check((await page.locator('#advice').textContent()).includes('e3'), 'the page explains the claim');
  // Black claims e3 and moves.
  const turn = black.turns.find((candidate) => candidate.claim === 'e3' && !candidate.capture && !candidate.path.includes('e3'));
  P.check(turn, 'Black has steps after the claim that leave e3 empty');
  await P.point(page, 'e3').click();
  await waitForMessage(page, 'You take the piece on e3 first (P6)');
  await P.point(page, 'e3').click();
  await waitForMessage(page, 'You will not take the piece on e3');
  await P.playTurn(page, black, turn);
  const after = await P.settle(page);
  P.equal(after.moves.at(-1).text, turn.text, 'the turn played');
  P.check(turn.text.startsWith('!e3 '), `the turn names its claim: ${turn.text}`);
  P.equal((await P.moveTexts(page)).at(-1), turn.text, 'the move list\'s last turn');
  P.check(!(await P.boardPieces(page)).e3, 'e3 is empty');
  P.equal(after.captured.white, 2, 'White\'s pieces lost');
  P.check((await page.locator('#counts').textContent()).includes('White has lost 2 pieces'), 'the count of captured pieces');
});

test('the forfeit warning: No keeps the game, Yes plays, and asking can be stopped', async (t) => {
  const page = await t.page();
  const before = await afterE6xE4(page);
  let sent = 0;
  page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith('/turn')) sent++; });
  const step = before.turns.find((turn) => turn.text === 'd4-d5');
  P.equal(step.forfeits, ['e3'], 'what d4-d5 forfeits');

  P.check(!await P.playTurn(page, before, step, { forfeit: 'cancel' }), 'No plays nothing');
  await waitForMessage(page, 'Not played: pick another turn.');
  const kept = await P.fetchState(page);
  P.equal([kept.number, kept.version, kept.position], [before.number, before.version, before.position], 'the game after No');
  P.equal(sent, 0, 'turns sent after No');
  P.equal(await P.boardPieces(page), P.piecesOf(before.position), 'the board after No');
  P.equal(await page.locator('[data-point].selected').count(), 0, 'pieces picked after No');

  await P.playTurn(page, before, step, { forfeit: 'confirm', neverAgain: true });
  const played = await P.settle(page);
  P.equal(played.moves.at(-1).text, 'd4-d5', 'the turn played after Yes');
  const setting = page.getByLabel('ask before a move that leaves a capture untaken');
  P.check(!await setting.isChecked(), 'the setting is off after "Do not ask again"');
  P.equal(await page.evaluate(() => localStorage.getItem('warn-forfeit')), 'no', 'the setting kept');

  // Undo (one turn at one screen), then the same step goes without asking.
  await P.button(page, 'Undo').click();
  await waitForMoveCount(page, 2);
  const undone = await P.settle(page);
  P.equal(undone.position, before.position, 'the position after Undo');
  await P.playTurn(page, undone, step, { asks: false });
  P.equal(await P.forfeitDialog(page).count(), 0, 'no forfeit warning once stopped');
  P.equal((await P.settle(page)).moves.at(-1).text, 'd4-d5', 'the turn played without asking');

  // The setting outlives a reload, and asking can be turned on again.
  await page.reload();
  const reloaded = await P.settle(page);
  P.check(!await setting.isChecked(), 'the setting is still off after a reload');
  await setting.check();
  P.equal(await page.evaluate(() => localStorage.getItem('warn-forfeit')), 'yes', 'the setting kept');
  await P.button(page, 'Undo').click();
  await waitForMoveCount(page, reloaded.number - 1);
  const again = await P.settle(page);
  P.check(!await P.playTurn(page, again, step, { forfeit: 'cancel' }), 'asked again, and No');
  P.equal((await P.fetchState(page)).number, 2, 'the game after No');
});

test('a chain landing by landing: the jumped piece stays marked, Back, Stop here (P4), or on', async (t) => {
  const page = await t.page();
  await page.goto('/');
  // A position to start from goes through the API; the page's fetch keeps the seat's cookie.
  const created = await P.request(page, 'POST', '/api/games', { variant: 'peralikatuma', opponent: 'human', position: 'W:Wc1,e3:Be4,c6,e6,g9' });
  P.equal(created.status, 201, 'the game made');
  await page.goto(created.body.url);
  const start = await P.settle(page);
  P.equal(start.turns.filter((turn) => turn.capture).map((turn) => turn.text), ['e3xe5', 'e3xe5xe7'], 'the captures');
  const jumped = () => page.evaluate(() => [...document.querySelectorAll('[data-point].jumped')].map((p) => p.dataset.point));
  const stop = P.button(page, 'Stop here');

  await P.point(page, 'e3').click();
  await page.waitForSelector('[data-point="e3"].selected', { state: 'attached' });
  const reach = [...new Set(start.turns.filter((turn) => turn.path[0] === 'e3').map((turn) => turn.path[1]))].sort();
  P.check(reach.includes('e5'), 'e3 can jump to e5');
  P.equal(await P.marked(page), reach, 'where e3 can go');
  await P.point(page, 'e5').click();
  await waitForMessage(page, 'Jump on, or pick e5 again (or Stop here) to stop there (P4).');
  // The piece stands on e5, the piece it jumped stays until the move ends.
  await page.waitForSelector('[data-point="e5"].selected [data-piece="white"]', { state: 'attached' });
  P.equal(await jumped(), ['e4'], 'the jumped pieces');
  P.check(await page.locator('[data-point="e4"] [data-piece="black"]').count() === 1, 'e4 still holds its piece');
  P.check(!(await P.boardPieces(page)).e3, 'e3 counts as empty');
  P.equal(await P.marked(page), ['e7'], 'where the chain can go on');
  P.check(await stop.isEnabled(), 'Stop here is offered');

  // Back takes back the landing.
  await P.button(page, 'Back').click();
  await page.waitForSelector('[data-point="e3"].selected [data-piece="white"]', { state: 'attached' });
  P.equal(await jumped(), [], 'the jumped pieces after Back');

  // Stop at e5.
  await P.point(page, 'e5').click();
  await stop.waitFor();
  await stop.click();
  await waitForMoveCount(page, 1);
  const stopped = await P.settle(page);
  P.equal(stopped.moves.at(-1).text, 'e3xe5', 'the turn stopped at e5');

  // Undo, and jump on to e7.
  await P.button(page, 'Undo').click();
  await waitForMoveCount(page, 0);
  const again = await P.settle(page);
  await P.playTurn(page, again, again.turns.find((turn) => turn.text === 'e3xe5xe7'));
  const on = await P.settle(page);
  P.equal(on.moves.at(-1).text, 'e3xe5xe7', 'the whole chain');
  P.equal(await P.boardPieces(page), { c1: 'white', c6: 'black', e7: 'white', g9: 'black' }, 'the board after the chain');
});

test('hint, flip, offer draw and resign', async (t) => {
  const page = await t.page();
  await open(page, 'variant=alquerque&opponent=human');
  await P.button(page, 'Hint').click();
  await waitForMessage(page, 'Hint: ');
  const hint = (await message(page).textContent()).match(/^Hint: (\S+) \(shown on the board\)\.$/);
  P.check(hint, `the hint in words: ${await message(page).textContent()}`);
  await page.waitForSelector('.hint-path', { state: 'attached' });

  const a1 = await P.point(page, 'a1').boundingBox();
  await P.button(page, 'Flip').click();
  await page.waitForFunction((y) => document.querySelector('[data-point="a1"]').getBoundingClientRect().y < y - 100, a1.y);

  // At one screen the other player answers the offer; No keeps the game.
  const before = await P.settle(page);
  await P.button(page, 'Offer draw').click();
  const asked = page.getByRole('dialog').filter({ hasText: 'White offers a draw. Black, do you accept?' });
  await asked.getByRole('button', { name: 'No', exact: true }).click();
  await waitForMessage(page, 'The draw is declined: the game goes on.');
  P.equal((await P.fetchState(page)).version, before.version, 'the game after a declined draw');

  await P.button(page, 'Resign').click();
  const resign = page.getByRole('dialog').filter({ hasText: 'Resign the game as White?' });
  await resign.getByRole('button', { name: 'Yes', exact: true }).click();
  await page.getByTestId('status').filter({ hasText: /^0-1: / }).waitFor();
  const ended = await P.settle(page);
  P.equal(ended.outcome?.result, '0-1', 'the result');
  P.check(await P.button(page, 'Resign').isDisabled(), 'Resign is off once the game is over');
});

test('the thinking indicator shows while the machine has the move', async (t) => {
  const page = await t.page();
  // The page hears of the machine's turn by its events: held back, the
  // machine stays "thinking" on the page, whatever its speed.
  await page.route('**/events', (route) => route.abort());
  await open(page, 'variant=peralikatuma&opponent=medium');
  const thinking = page.getByText('The machine is thinking…');
  P.check(!await thinking.isVisible(), 'no thinking before the turn');
  await P.play(page, 'e4-e5');
  await thinking.waitFor();
  P.equal(await P.statusText(page), 'Black (the machine) to move', 'the status while it thinks');
  await page.unroute('**/events');
  await thinking.waitFor({ state: 'hidden', timeout: 20_000 });
  const replied = await P.settle(page);
  P.equal(replied.number, 2, 'turns after the machine\'s reply');
});

test('undo and redo against the machine (buttons and keys)', async (t) => {
  const page = await t.page();
  const start = await open(page, 'variant=peralikatuma&opponent=easy');
  P.check(await P.button(page, 'Undo').isDisabled(), 'Undo is off at the start');
  P.check(await P.button(page, 'Redo').isDisabled(), 'Redo is off at the start');
  await P.play(page, 'e4-e5');
  const replied = await P.settle(page);
  P.equal(replied.number, 2, 'turns after the machine\'s reply');
  const moves = await P.moveTexts(page);

  for (const how of ['button', 'key']) {
    // Undo takes back the machine's reply with the turn.
    if (how === 'button') await P.button(page, 'Undo').click();
    else await page.keyboard.press('u');
    await waitForMoveCount(page, 0);
    const undone = await P.settle(page);
    P.equal([undone.number, undone.position, undone.can_redo], [0, start.position, true], `the game after Undo (${how})`);
    P.check(await P.button(page, 'Redo').isEnabled(), 'Redo is on after Undo');

    if (how === 'button') await P.button(page, 'Redo').click();
    else await page.keyboard.press('r');
    await waitForMoveCount(page, 2);
    const redone = await P.settle(page);
    P.equal([redone.position, redone.can_redo], [replied.position, false], `the game after Redo (${how})`);
    P.equal(await P.moveTexts(page), moves, 'the move list after Redo');
    P.check(await P.button(page, 'Redo').isDisabled(), 'Redo is off again');
  }
});

test('review earlier moves: the move list and the keys show them and change nothing', async (t) => {
  const page = await t.page();
  await open(page, 'variant=peralikatuma&opponent=human');
  for (const turn of ['e4-e5', 'e6xe4', 'e3xe5']) await P.play(page, turn);
  const live = await P.settle(page);
  let posts = 0;
  page.on('request', (r) => { if (r.method() === 'POST') posts++; });
  const banner = page.locator('#review-text');
  const shows = async (ply, text) => {
    await P.waitForBoard(page, live.positions[ply]);
    await banner.filter({ hasText: text }).waitFor();
  };
  const moves = page.getByTestId('moves');

  await moves.getByRole('button', { name: 'e4-e5', exact: true }).click();
  await shows(1, 'Reviewing: after e4-e5 (turn 1 of 3)');
  await page.keyboard.press('ArrowLeft');
  await shows(0, 'Reviewing: the start');
  await page.keyboard.press('ArrowRight');
  await shows(1, 'after e4-e5');
  await page.keyboard.press('ArrowRight');
  await shows(2, 'Reviewing: after e6xe4 (turn 2 of 3)');
  await page.keyboard.press('Home');
  await shows(0, 'Reviewing: the start');
  // A click on the board while reviewing plays nothing.
  await P.point(page, 'e4').click();
  await waitForMessage(page, 'Reviewing: press End or Esc to go back to the game.');
  await P.point(page, 'e5').click();
  await shows(0, 'Reviewing: the start');
  await moves.getByRole('button', { name: 'e6xe4', exact: true }).click();
  await shows(2, 'after e6xe4');
  await page.keyboard.press('End');
  await P.waitForBoard(page, live.position);
  await banner.waitFor({ state: 'hidden' });
  await moves.getByRole('button', { name: 'e4-e5', exact: true }).click();
  await shows(1, 'after e4-e5');
  await page.keyboard.press('Escape');
  await P.waitForBoard(page, live.position);
  await banner.waitFor({ state: 'hidden' });

  const after = await P.fetchState(page);
  P.equal([after.version, after.number, after.position], [live.version, live.number, live.position], 'the game after review');
  P.equal(posts, 0, 'requests that change a game sent while reviewing');
  // And the game goes on from where it stands.
  await P.play(page, 'd6-d5');
});

test('save downloads the record; load brings the game back to review and play on', async (t) => {
  const page = await t.page();
  await open(page, 'variant=peralikatuma&opponent=human');
  for (const turn of ['e4-e5', 'e6xe4']) await P.play(page, turn);
  const saved = await P.settle(page);
  const id = P.gameId(page);

  const record = await save(page);
  for (const line of ['[Variant "Peralikatuma"]', '[Result "*"]', '1. e4-e5 e6xe4 *']) {
    P.check(record.includes(line), `the record has ${line}:\n${record}`);
  }
  const cookie = (await page.context().cookies()).find((c) => c.name === `seat-${id}`);
  P.check(cookie && !record.includes(cookie.value), 'the record holds no seat\'s token');

  // Another browser loads it, to play on against the machine.
  const other = await t.page();
  await home(other);
  const loaded = await load(other, record, 'easy');
  P.check(P.gameId(other) !== id, 'a game of its own');
  P.equal([loaded.variant, loaded.opponent, loaded.position], ['peralikatuma', 'easy', saved.position], 'the game loaded');
  P.equal(await P.moveTexts(other), ['e4-e5', 'e6xe4'], 'the move list loaded');
  await waitForMessage(other, 'Loaded 2 turns: review them from the move list, or play on.');

  await other.getByTestId('moves').getByRole('button', { name: 'e4-e5', exact: true }).click();
  await P.waitForBoard(other, saved.positions[1]);
  await other.keyboard.press('End');
  await P.waitForBoard(other, saved.position);
  await P.play(other, 'e3xe5');
  const on = await P.settle(other);
  P.equal(on.number, 4, 'turns after playing on (with the machine\'s reply)');
  P.equal((await P.moveTexts(other)).slice(0, 3), ['e4-e5', 'e6xe4', 'e3xe5'], 'the move list played on');

  // A record with an illegal turn loads up to it, and says so.
  const faulty = record.replace('e6xe4 *', 'e6xe4 2. e4-e5 *');
  const upTo = await load(other, faulty);
  P.equal(upTo.moves.map((m) => m.text), ['e4-e5', 'e6xe4'], 'the turns before the fault');
  await waitForMessage(other, 'Loaded up to a fault: turn 2. `e4-e5`');
});

test('an invited game between two browsers: moves and draw offers appear at once, the wrong seat is refused', async (t) => {
  const owner = await t.page();
  const start = await open(owner, 'variant=alquerque&opponent=friend');
  const id = P.gameId(owner);
  P.equal(await P.statusText(owner), 'White (you) to move', 'the owner\'s status');
  await P.button(owner, 'Invite').click();
  const invite = owner.getByRole('dialog', { name: 'Invite' });
  const link = await invite.getByLabel('Link').inputValue();
  P.check(link.startsWith(`${t.base}/games/${id}?invite=`), `the invite link: ${link}`);
  await invite.getByRole('button', { name: 'Close' }).click();

  const guest = await t.page();
  await guest.goto(link);
  await guest.waitForURL(`${t.base}/games/${id}`);
  const seated = await P.settle(guest);
  P.equal([seated.seat, seated.sides, seated.your_turn], ['guest', ['black'], false], 'the guest\'s seat');
  await waitForMessage(guest, 'You have taken the Black seat: this device plays it now.');
  P.equal(await P.statusText(guest), 'White (your friend) to move', 'the guest\'s status');
  // The guest sees the board from Black's side.
  const [a1, a5] = [await P.point(guest, 'a1').boundingBox(), await P.point(guest, 'a5').boundingBox()];
  P.check(a1.y < a5.y, 'the guest\'s board is turned round');
  await guest.evaluate(() => { window.notReloaded = true; });

  // Not the guest's turn: a click is refused in words, a request by 403.
  const white = start.turns[0];
  await P.point(guest, white.path[0]).click();
  await waitForMessage(guest, 'It is White\'s turn: wait for your friend.');
  const refused = await P.request(guest, 'POST', `/api/games/${id}/turn`, { turn: white.text, number: 0 });
  P.equal([refused.status, refused.body?.error], [403, 'wrong_seat'], 'the guest playing White');
  const onlooker = await t.page();
  await onlooker.goto(`/games/${id}`);
  P.equal((await P.settle(onlooker)).seat, 'onlooker', 'a page without a token');
  const stranger = await P.request(onlooker, 'POST', `/api/games/${id}/turn`, { turn: white.text, number: 0 });
  P.equal([stranger.status, stranger.body?.error], [403, 'wrong_seat'], 'an onlooker playing');
  P.equal((await P.fetchState(owner)).version, seated.version, 'the game after the refusals');

  // The owner moves: the guest's page shows it without a reload, and back.
  let state = start;
  for (let ply = 0; ply < 4; ply++) {
    const [mover, watcher] = ply % 2 === 0 ? [owner, guest] : [guest, owner];
    await P.waitForMoves(mover, ply);
    state = await P.settle(mover);
    P.check(state.your_turn, `${state.side_to_move} should have the move`);
    await P.playTurn(mover, state, P.choose(state.turns, t.rng));
    const after = await P.fetchState(mover);
    await P.waitForMoves(watcher, ply + 1);
    await P.waitForBoard(watcher, after.position);
    P.equal(await P.moveTexts(watcher), after.moves.map((m) => m.text), 'the other page\'s move list');
  }

  // A draw offered is declined, the offer is told; then offered back and agreed.
  const offer = async (page) => {
    await P.button(page, 'Offer draw').click();
    await page.getByRole('dialog').filter({ hasText: 'Offer a draw?' }).getByRole('button', { name: 'Yes', exact: true }).click();
    await waitForMessage(page, 'Draw offered: your friend is asked to accept.');
  };
  await offer(owner);
  await guest.getByText('White offers a draw.').waitFor();
  P.check(!await owner.getByRole('button', { name: 'Accept draw' }).isVisible(), 'no Accept for one\'s own offer');
  await guest.getByRole('button', { name: 'Decline draw' }).click();
  await waitForMessage(guest, 'You decline the draw: the game goes on.');
  await waitForMessage(owner, 'Your friend declines the draw: the game goes on.');
  await offer(guest);
  await owner.getByRole('button', { name: 'Accept draw' }).click();
  for (const page of [owner, guest]) {
    await page.getByTestId('status').filter({ hasText: '1/2-1/2: draw agreed (E6)' }).waitFor();
  }
  P.check(await guest.evaluate(() => window.notReloaded === true), 'the guest\'s page was not reloaded');
});

/** A game with a friend: the owner's page, the invitation's link from the Invite dialog, and the game's start. */
async function withFriend(t, query = 'variant=alquerque&opponent=friend') {
  const owner = await t.page();
  const start = await open(owner, query);
  await P.button(owner, 'Invite').click();
  const dialog = owner.getByRole('dialog', { name: 'Invite' });
  const link = await dialog.getByLabel('Link').inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();
  return { owner, start, link, id: P.gameId(owner) };
}

/** A new page that opens `link` and lands on game `id`'s page; its state. */
async function opens(t, link, id) {
  const page = await t.page();
  await page.goto(link);
  await page.waitForURL((url) => url.pathname === `/games/${id}`);
  return { page, state: await P.settle(page) };
}

test('an invitation is good once: a second device watches, and a new one hands the seat on', async (t) => {
  const { owner, link, id } = await withFriend(t);
  // The dialog gives the link as a QR code too, and says that this server
  // (on 127.0.0.1) cannot be reached from another device.
  await P.button(owner, 'Invite').click();
  const dialog = owner.getByRole('dialog', { name: 'Invite' });
  const qr = dialog.getByRole('img', { name: /QR code/ });
  await qr.waitFor();
  await owner.waitForFunction(() => document.getElementById('d-invite-qr').naturalWidth > 0);
  await dialog.getByText('--bind 0.0.0.0').waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const first = await opens(t, link, id);
  P.equal([first.state.seat, first.state.sides], ['guest', ['black']], 'the first device to open it');
  await waitForMessage(first.page, 'You have taken the Black seat: this device plays it now.');
  const second = await opens(t, link, id);
  P.equal([second.state.seat, second.state.sides], ['onlooker', []], 'the second device');
  await waitForMessage(second.page, 'This invitation was used by another device, or the host has made a new one: you are watching the game.');
  await P.point(second.page, 'b4').click();
  await waitForMessage(second.page, 'You are watching this game: only its players can move.');
  // The host's dialog says the seat is taken, and makes a new invitation.
  await P.button(owner, 'Invite').click();
  await dialog.getByText('Your friend has taken the Black seat.').waitFor();
  await dialog.getByRole('button', { name: 'Make a new invitation' }).click();
  await dialog.getByText('A new invitation: the old link no longer works.').waitFor();
  const renewed = await dialog.getByLabel('Link').inputValue();
  P.check(renewed !== link && renewed.includes('?invite='), `a new link: ${renewed}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The old link is void; the new one gives the seat to the device that opens it.
  const third = await opens(t, link, id);
  P.equal(third.state.seat, 'onlooker', 'the old link, opened again');
  await second.page.goto(renewed);
  await second.page.waitForURL((url) => url.pathname === `/games/${id}`);
  P.equal((await P.settle(second.page)).seat, 'guest', 'the device that opened the new link');
  await first.page.reload();
  P.equal((await P.settle(first.page)).seat, 'onlooker', 'the device that held the seat before');
});

test('a take-back between two devices is asked, declined, then accepted', async (t) => {
  const { owner, start, link, id } = await withFriend(t);
  const { page: guest } = await opens(t, link, id);
  P.check(await P.button(owner, 'Ask to undo').isDisabled(), 'nothing to ask before a turn');
  await P.playTurn(owner, start, start.turns[0]);
  await P.waitForMoves(guest, 1);
  P.check(await P.button(guest, 'Ask to undo').isDisabled(), 'the guest has no turn to take back');
  // Asked: both are told; the other answers.
  await P.button(owner, 'Ask to undo').click();
  await waitForMessage(owner, 'You ask your friend to take back your last turn.');
  await owner.getByText('You asked to take back your last turn: waiting for your friend\'s answer.').waitFor();
  await guest.getByText('White asks to take back their last turn.').waitFor();
  P.check(!await owner.getByRole('button', { name: 'Accept take-back' }).isVisible(), 'no Accept for one\'s own request');
  await guest.getByRole('button', { name: 'Decline take-back' }).click();
  await waitForMessage(guest, 'You decline the take-back: the game goes on.');
  await waitForMessage(owner, 'Your friend declines the take-back: the game goes on.');
  P.equal((await P.fetchState(owner)).number, 1, 'turns after the refusal');
  // The guest replies; asked again, and accepted: the owner's turn and the
  // reply are taken back on both pages.
  const reply = await P.settle(guest);
  await P.playTurn(guest, reply, reply.turns[0]);
  await P.waitForMoves(owner, 2);
  await P.button(owner, 'Ask to undo').click();
  await guest.getByRole('button', { name: 'Accept take-back' }).click();
  await waitForMessage(owner, 'Your friend accepts: the last 2 turns taken back. Your move.');
  await waitForMessage(guest, 'Taken back: the last 2 turns.');
  for (const page of [owner, guest]) {
    await waitForMoveCount(page, 0);
    await P.waitForBoard(page, start.position);
  }
  P.equal(await P.statusText(owner), 'White (you) to move', 'the owner moves again');
});

test('the first page lists this browser\'s games, to go on with or to review, and a new game is a click away', async (t) => {
  // A browser with no games: the New game form at once; cancelled, the page says so.
  const fresh = await t.page();
  await fresh.goto('/');
  const form = fresh.getByRole('dialog', { name: 'New game' });
  await form.getByRole('button', { name: 'Cancel' }).click();
  await fresh.getByText('No games on this browser yet.').waitFor();
  await fresh.getByRole('button', { name: 'New game' }).first().click();
  await form.waitFor();
  // A browser with two games: one going on, one finished.
  const page = await t.page();
  await open(page, 'variant=zamma&opponent=easy');
  const going = P.gameId(page);
  await open(page, 'variant=alquerque&opponent=human');
  const done = P.gameId(page);
  await P.play(page, 'd2-c3');
  await P.button(page, 'Resign').click();
  await page.getByRole('dialog').filter({ hasText: 'Resign the game' }).getByRole('button', { name: 'Yes', exact: true }).click();
  await page.getByTestId('status').filter({ hasText: '1-0' }).waitFor();
  await page.getByRole('link', { name: 'Your games' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const open_ = page.getByTestId('open-games');
  const finished = page.getByTestId('finished-games');
  await open_.getByRole('link', { name: 'Zamma' }).waitFor();
  P.check(await open_.textContent().then((t) => t.includes('against the machine (easy)') && t.includes('Your turn')), 'the game going on');
  P.check(await finished.textContent().then((t) => t.includes('1-0')), 'the finished game, with its result');
  P.check(!await page.getByRole('dialog', { name: 'New game' }).isVisible(), 'no form over the list');
  await finished.getByRole('link', { name: 'Alquerque' }).click();
  await page.waitForURL((url) => url.pathname === `/games/${done}`);
  P.equal((await P.settle(page)).outcome.result, '1-0', 'the finished game, opened');
  await page.goto('/');
  await open_.getByRole('link', { name: 'Zamma' }).click();
  await page.waitForURL((url) => url.pathname === `/games/${going}`);
  P.equal((await P.settle(page)).seat, 'owner', 'the game going on, opened in its seat');
});

test('a bad link shows a page that says what is wrong, with a way on', async (t) => {
  const page = await t.page();
  for (const [path, status, title, said] of [
    ['/games/doesnotexist', 404, 'Not found', 'There is no game `doesnotexist`.'],
    ['/new?variant=bogus', 400, 'This link is not right', 'bogus'],
    ['/new?opponent=bogus', 400, 'This link is not right', 'Unknown opponent `bogus`'],
  ]) {
    const response = await page.goto(path);
    P.equal(response.status(), status, `${path}: the status`);
    P.equal(await page.getByRole('heading', { level: 1 }).textContent(), title, `${path}: the title`);
    P.check((await page.locator('#error-message').textContent()).includes(said), `${path}: says ${said}`);
  }
  await page.getByRole('link', { name: 'Your games' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('dialog', { name: 'New game' }).waitFor();
});

test('the server stops: a banner says so, the clocks pause, a turn waits, and all goes on when it is back', async (t) => {
  const data = await t.dataDir();
  const first = await t.server({ data });
  const page = await t.page({ baseURL: first.base });
  await open(page, 'variant=peralikatuma&opponent=human&clock=5%2B3');
  await P.play(page, 'e4-e5');
  const banner = page.getByRole('alert').filter({ hasText: 'The server cannot be reached' });
  P.check(!await banner.isVisible(), 'no banner while the server answers');
  await first.stop('SIGKILL');
  await banner.waitFor();
  await page.getByTestId('clock-black').filter({ hasText: '(paused)' }).waitFor();
  // A turn made meanwhile is kept, not lost.
  const state = await P.fetchState(page).catch(() => null);
  P.equal(state, null, 'the server is gone');
  await P.clickTurn(page, { turns: [] }, { text: 'e6xe4', path: ['e6', 'e4'], captured: ['e5'] });
  await waitForMessage(page, 'Not sent yet: the server cannot be reached. e6xe4 will be sent when it is back.');
  await t.server({ data, port: first.port });
  await banner.waitFor({ state: 'hidden', timeout: 20_000 });
  await P.waitForMoves(page, 2, 20_000);
  const after = await P.fetchState(page);
  P.equal(after.moves.map((m) => m.text), ['e4-e5', 'e6xe4'], 'the turn sent when the server was back');
  P.check(!(await page.getByTestId('clock-black').textContent()).includes('paused'), 'the clocks run again');
});

test('memory stays bounded over many games against Hard and Master: the tables are the pool\'s', async (t) => {
  const server = await t.server({ extra: ['--hard-ms', '30', '--idle-minutes', '0'] });
  const page = await t.page({ baseURL: server.base });
  for (let i = 0; i < 8; i++) {
    const opponent = i % 2 ? 'master' : 'hard';
    const variant = ['alquerque', 'peralikatuma', 'zamma', 'lau-kata-kati'][i % 4];
    const state = await open(page, `variant=${variant}&opponent=${opponent}`);
    await P.playTurn(page, state, state.turns[0]);
    await P.waitForMoves(page, 2, 20_000);
  }
  const status = (await P.request(page, 'GET', '/api/server')).body;
  P.equal(status.games_kept, 8, 'games kept');
  P.check(status.pool.tables <= status.pool.threads, `tables alive: ${JSON.stringify(status.pool)}`);
  P.check(status.pool.table_bytes <= status.pool.threads * 64 * 2 ** 20, `their tables: ${status.pool.table_bytes} bytes`);
  // Games nobody watches leave memory; the one on this page stays.
  await page.waitForFunction(async () => (await (await fetch('/api/server')).json()).games_in_memory <= 1, null, { timeout: 10_000, polling: 100 });
  t.note(`${status.pool.tables} tables for 8 games, ${status.pool.made} made`);
});

test('the server is killed and started again: the game is back and both pages go on with it', async (t) => {
  const data = await t.dataDir();
  const first = await t.server({ data });
  const owner = await t.page({ baseURL: first.base });
  const start = await open(owner, 'variant=alquerque&opponent=friend');
  const id = P.gameId(owner);
  const guest = await t.page({ baseURL: first.base });
  await guest.goto(start.invite);
  await guest.waitForURL(`${first.base}/games/${id}`);
  await P.settle(guest);
  await P.playTurn(owner, start, P.choose(start.turns, t.rng));
  await P.waitForMoves(guest, 1);
  for (const page of [owner, guest]) await page.evaluate(() => { window.notReloaded = true; });

  // Killed, not stopped: nothing may be lost.
  await first.stop('SIGKILL');
  await t.server({ data, port: first.port });

  // The guest plays on; the owner's page reconnects and shows it.
  const state = await P.settle(guest);
  P.equal(state.number, 1, 'turns kept');
  await P.playTurn(guest, state, P.choose(state.turns, t.rng));
  const after = await P.fetchState(guest);
  await P.waitForMoves(owner, 2, 20_000);
  await P.waitForBoard(owner, after.position);
  // And back: the guest's page has reconnected too.
  const mine = await P.settle(owner);
  P.check(mine.your_turn, 'the owner has the move');
  await P.playTurn(owner, mine, P.choose(mine.turns, t.rng));
  await P.waitForMoves(guest, 3, 20_000);
  for (const page of [owner, guest]) {
    P.check(await page.evaluate(() => window.notReloaded === true), 'no page was reloaded');
  }
});

test('a link /new?variant=permainan&opponent=human&first=black starts that game', async (t) => {
  const page = await t.page();
  const state = await open(page, 'variant=permainan&opponent=human&first=black');
  P.check(/^\/games\/[0-9a-f]{12}$/.test(new URL(page.url()).pathname), `the game's own address: ${page.url()}`);
  P.equal([state.variant, state.opponent, state.first, state.side_to_move, state.number], ['permainan', 'human', 'black', 'black', 0], 'the game');
  P.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Permainan', 'the title');
  P.equal(await P.statusText(page), 'Black to move', 'the status');
  const geometry = await (await fetch(`${t.base}/api/boards/permainan`)).json();
  P.equal(await page.locator('[data-point]').count(), geometry.points.length, 'the points drawn');
  P.equal(await P.boardPieces(page), P.piecesOf(state.position), 'the board');
  const black = state.turns[0];
  await P.playTurn(page, state, black);
  await page.getByTestId('status').filter({ hasText: 'White to move' }).waitFor();
});

test('the New game form starts the game chosen', async (t) => {
  const page = await t.page();
  await open(page, 'variant=peralikatuma&opponent=easy');
  await P.button(page, 'New game').click();
  const form = page.getByRole('dialog', { name: 'New game' });
  await form.getByLabel('Game').selectOption('alquerque');
  await form.getByLabel('Opponent').selectOption('human');
  await form.getByRole('group', { name: 'Your colour', includeHidden: true }).waitFor({ state: 'hidden' });
  await form.getByRole('group', { name: 'Who moves first' }).getByLabel('Black').check();
  const old = page.url();
  await form.getByRole('button', { name: 'Start' }).click();
  await page.waitForURL((url) => url.href !== old && /^\/games\/[0-9a-f]+$/.test(url.pathname));
  const state = await P.settle(page);
  P.equal([state.variant, state.opponent, state.first], ['alquerque', 'human', 'black'], 'the game started');
});

test('a game on a clock: the form chooses it, both pages count down, and the server ends it when a time runs out (T1, T2)', async (t) => {
  const page = await t.page();
  await open(page, 'variant=alquerque&opponent=human');
  P.check(await page.getByTestId('clocks').isHidden(), 'no clocks in a game without one');
  await P.button(page, 'New game').click();
  const form = page.getByRole('dialog', { name: 'New game' });
  await form.getByLabel('Clock').selectOption('5+3');
  const old = page.url();
  await form.getByRole('button', { name: 'Start' }).click();
  await page.waitForURL((url) => url.href !== old && /^\/games\/[0-9a-f]+$/.test(url.pathname));
  const timed = await P.settle(page);
  P.equal([timed.clock?.control, timed.clock?.white_ms, timed.clock?.running], ['5+3', 300_000, null], 'the clock chosen');
  P.equal(await page.getByTestId('clock-white').textContent(), 'White 5:00', 'White\'s clock');
  P.equal(await page.getByTestId('clock-black').textContent(), 'Black 5:00', 'Black\'s clock');
  // The form offers the game's own clock again.
  await P.button(page, 'New game').click();
  P.equal(await form.getByLabel('Clock').inputValue(), '5+3', 'the form\'s clock');
  await form.getByRole('button', { name: 'Cancel' }).click();
  // A record loaded keeps its clock, or goes on with the one chosen.
  await P.playTurn(page, timed, P.choose(timed.turns, t.rng));
  const record = await save(page);
  P.check(record.includes('[TimeControl "300+3"]'), `the record keeps the clock: ${record}`);
  const kept = await load(page, record);
  P.equal([kept.number, kept.clock?.control], [1, '5+3'], 'the record\'s clock, loaded');
  const chosen = await load(page, record, 'human', '3+2');
  P.equal([chosen.number, chosen.clock?.control, chosen.clock?.white_ms], [1, '3+2', 180_000], 'another clock, chosen on loading');
  P.equal(await page.getByTestId('clock-white').textContent(), 'White 3:00', 'White\'s clock, chosen on loading');

  // Two browsers on two seconds a turn: Black lets its time run out.
  const owner = await t.page();
  const start = await open(owner, 'variant=alquerque&opponent=friend&clock=0%2B2s');
  const guest = await t.page();
  await guest.goto(start.invite);
  await P.settle(guest);
  await P.playTurn(owner, start, P.choose(start.turns, t.rng));
  await P.waitForMoves(guest, 1);
  const black = guest.getByTestId('clock-black');
  await guest.waitForFunction(() => /^Black 0:01\.\d$/.test(document.querySelector('[data-testid="clock-black"]').textContent));
  const seen = await black.textContent();
  P.check(await black.evaluate((e) => e.classList.contains('running')), 'Black\'s clock runs');
  await guest.waitForFunction((seen) => document.querySelector('[data-testid="clock-black"]').textContent !== seen, seen);
  for (const shown of [owner, guest]) {
    await shown.getByTestId('status').filter({ hasText: '1-0: White wins: Black ran out of time (T2)' }).waitFor({ timeout: 10_000 });
    P.equal(await shown.getByTestId('clock-black').textContent(), 'Black 0:00.0', 'Black\'s clock at the end');
  }
  const late = await P.request(guest, 'POST', `/api/games/${P.gameId(guest)}/turn`, { turn: 'b4-c3', number: 1 });
  P.equal([late.status, late.body?.error], [409, 'game_over'], 'a turn after the time ran out');
});

/** The games the New game form offers, by their ids, and the family's among them. */
async function formGames(page) {
  return page.evaluate(() => [...document.querySelectorAll('#new-variant option')].map((o) => o.value));
}

test('every family game: the form lists it, its board is drawn to scale, and a first turn is made by clicks (rules.md F)', async (t) => {
  const page = await t.page();
  await home(page);
  const games = await formGames(page);
  const family = games.filter((id) => !['peralikatuma', 'alquerque', 'permainan'].includes(id));
  P.equal(family.length, 18, 'the family\'s games in the form');
  for (const id of family) {
    const state = await open(page, `variant=${id}&opponent=human`);
    P.equal([state.variant, state.family, state.number], [id, true, 0], `the game ${id}`);
    P.equal(await page.getByRole('heading', { level: 1 }).textContent(), state.name, `${id}: the title`);
    const geometry = await (await fetch(`${t.base}/api/boards/${id}`)).json();
    P.equal(await page.locator('[data-point]').count(), geometry.points.length, `${id}: the points drawn`);
    P.equal(await page.locator('#board polyline.line').count(), geometry.lines.length, `${id}: the lines drawn`);
    P.equal(await P.boardPieces(page), P.piecesOf(state.position), `${id}: the board`);
    // No two pieces overlap, however close the board's points stand: each
    // point's piece (as large as its room) and its neighbours' fit.
    const crowded = await page.evaluate(() => {
      const pieces = [...document.querySelectorAll('[data-point] [data-piece]')].map((piece) => {
        const r = piece.getBoundingClientRect();
        return { name: piece.parentNode.dataset.point, x: r.x + r.width / 2, y: r.y + r.height / 2, r: r.width / 2 };
      });
      for (const [i, a] of pieces.entries()) {
        for (const b of pieces.slice(i + 1)) {
          if (Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r) return `${a.name} and ${b.name}`;
        }
      }
      return null;
    });
    P.check(!crowded, `${id}: the pieces on ${crowded} overlap`);
    const turn = P.choose(state.turns, t.rng);
    await P.playTurn(page, state, turn);
    const after = await P.settle(page);
    P.equal([after.number, after.moves[0].text], [1, turn.text], `${id}: the turn played`);
  }
  t.note(`${family.length} games`);
}, { timeout: 180_000 });

test('a huff made and taken in Zamma (F4)', async (t) => {
  const page = await t.page();
  await page.goto('/');
  const created = await P.request(page, 'POST', '/api/games', { variant: 'zamma', opponent: 'human', position: 'W:Wc3,a1:Bd4,i9' });
  P.equal(created.status, 201, 'the game made');
  await page.goto(created.body.url);
  const white = await P.settle(page);
  P.equal(white.capturers, ['c3'], 'the pieces that can capture');
  // White steps instead of jumping; the warning names c3 and cites F4; yes.
  await P.play(page, 'a1-a2', { forfeit: 'confirm' });
  const black = await P.settle(page);
  P.equal(black.claimable, ['c3'], 'what Black may huff');
  await page.waitForSelector('[data-point="c3"] .claim-mark', { state: 'attached' });
  const advice = await page.locator('#advice').textContent();
  P.check(advice.includes('huff') && advice.includes('c3') && advice.includes('(F4)'), `the page explains the huff: ${advice}`);
  // The rules in brief are Zamma's own, from its ruleset.
  await page.locator('#brief summary').click();
  const brief = await page.locator('#brief-list').textContent();
  P.check(brief.includes('(F4)') && brief.includes('king'), `Zamma's rules in brief: ${brief}`);
  await P.point(page, 'c3').click();
  await waitForMessage(page, 'You huff the piece on c3 first (F4)');
  await P.point(page, 'c3').click();
  await waitForMessage(page, 'You will not huff the piece on c3');
  // A turn that does not land on the huffed point.
  const turn = black.turns.find((candidate) => candidate.claim === 'c3' && !candidate.path.includes('c3'));
  P.check(turn, 'Black has turns with the huff');
  await P.playTurn(page, black, turn);
  const after = await P.settle(page);
  P.check(after.moves.at(-1).text.startsWith('!c3 '), `the turn names its huff: ${after.moves.at(-1).text}`);
  P.check(!(await P.boardPieces(page)).c3, 'c3 is empty');
  P.equal(after.captured.white, 1, 'White\'s pieces lost');
});

test('a player with no move passes by itself (F6, Lau Kata Kati)', async (t) => {
  const page = await t.page();
  await page.goto('/');
  const created = await P.request(page, 'POST', '/api/games', { variant: 'lau-kata-kati', opponent: 'human', position: 'W:Wa1:Bd1,b2,c3,g1' });
  P.equal(created.status, 201, 'the game made');
  await page.goto(created.body.url);
  const black = await P.settle(page);
  P.equal(black.moves.map((m) => m.text), ['pass'], 'White\'s pass, played by itself');
  P.equal(black.side_to_move, 'black', 'Black to move');
  P.check(!(await page.locator('#advice').textContent()).includes('press Pass'), 'nobody is told to press Pass');
  P.check(await P.button(page, 'Pass').isHidden(), 'no Pass button when moves are there');
});

test('a whole family game against the machine by clicks, saved and loaded back (Lau Kata Kati, easy)', async (t) => {
  const page = await t.page();
  const start = await open(page, 'variant=lau-kata-kati&opponent=easy');
  P.equal([start.variant, start.opponent, start.removal_rule], ['lau-kata-kati', 'easy', ''], 'the game');
  const end = await playToTheEnd(page, t.rng, 300);
  await checkEnded(page, end);
  t.note(`${end.number} turns, ${end.outcome.result}`);
  const record = await save(page);
  P.check(record.includes('[Variant "lau-kata-kati"]'), 'the record names the ruleset');
  const other = await t.page();
  await home(other);
  const loaded = await load(other, record);
  P.equal([loaded.variant, loaded.position, loaded.outcome?.result, loaded.moves.map((m) => m.text)], ['lau-kata-kati', end.position, end.outcome.result, end.moves.map((m) => m.text)], 'the game loaded');
}, { timeout: 180_000 });

test('a phone\'s width (390x844) shows the whole board without scrolling sideways', async (t) => {
  const page = await t.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const checkFits = async () => {
    const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    P.check(scroll <= width, `the page is ${scroll} px wide in a ${width} px window`);
    const board = await page.getByRole('group', { name: 'The board' }).boundingBox();
    P.check(board.x >= 0 && board.x + board.width <= 390 && board.y >= 0 && board.y + board.height <= 844,
      `the board ${JSON.stringify(board)} lies within the 390x844 screen`);
    const points = await page.evaluate(() => [...document.querySelectorAll('[data-point] .spot')]
      .map((p) => ({ name: p.parentNode.dataset.point, box: p.getBoundingClientRect().toJSON() })));
    for (const { name, box } of points) {
      P.check(box.left >= board.x && box.right <= board.x + board.width && box.bottom <= 844, `point ${name} is on the screen`);
    }
  };
  // Terhuchu's board, the most crowded: its pieces and the room a tap
  // takes are as large as on the rule book's boards, but where points crowd.
  await open(page, 'variant=terhuchu&opponent=human');
  await checkFits();
  const sizes = await page.evaluate(() => {
    const widths = (selector) => [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect().width).sort((a, b) => a - b);
    const median = (xs) => xs[Math.floor(xs.length / 2)];
    return { piece: median(widths('[data-piece]')), tap: median(widths('.hit')) };
  });
  P.check(sizes.piece >= 24 && sizes.tap >= 36, `Terhuchu on a phone: pieces ${sizes.piece.toFixed(1)} px, taps ${sizes.tap.toFixed(1)} px`);
  t.note(`Terhuchu: pieces ${sizes.piece.toFixed(0)} px, taps ${sizes.tap.toFixed(0)} px`);
  await open(page, 'variant=peralikatuma&opponent=easy');
  await checkFits();
  await P.play(page, 'e4-e5', { tap: true });
  await P.settle(page);
  await checkFits();
  // Each dialog fits the screen's width too, its buttons in reach.
  for (const [opener, title] of [['New game', 'New game'], ['Load', 'Load a game'], ['Invite', 'Invite'], ['Rules', 'The rules'], ['Keys', 'Keys']]) {
    await P.button(page, opener).tap();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    P.check(box.x >= 0 && box.x + box.width <= 390, `the dialog ${title} (${Math.round(box.x)} to ${Math.round(box.x + box.width)} px) lies within the 390 px screen`);
    const controls = await dialog.evaluate((d) => [...d.querySelectorAll('button, input, select')]
      .filter((c) => c.offsetParent !== null)
      .map((c) => ({ name: c.textContent.trim() || c.name || c.id || c.type, box: c.getBoundingClientRect().toJSON() })));
    for (const { name, box } of controls) {
      P.check(box.left >= 0 && box.right <= 390, `${title}'s control ${name} (${Math.round(box.left)} to ${Math.round(box.right)} px) lies within the screen`);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
});

// --- the analysis board (/analysis) ----------------------------------------

/** Alquerque's endgame tables up to three pieces, which the runner builds for the server, if it could. */
let tablesBuilt = null;
let tablesMissing = null;

/** Checks that the server has the endgame tables, which the test needs. */
function needTables() {
  P.check(tablesBuilt, `the endgame tables were not built (build the tablebase example, or set TABLEBASE): ${tablesMissing}`);
}

/** The depth the analysis board shows (0 before the first). */
async function depthShown(page) {
  return Number(((await page.getByTestId('depth').textContent()).match(/\d+/) ?? [0])[0]);
}

/** Waits until the analysis board shows at least `count` best lines at `depth` or deeper; answers the depth. */
async function waitForLines(page, { count = 1, depth = 1, timeout = 20_000 } = {}) {
  try {
    await page.waitForFunction(([count, depth]) => {
      const shown = Number((document.querySelector('[data-testid="depth"]').textContent.match(/\d+/) ?? [0])[0]);
      return document.querySelectorAll('[data-testid="pv"]').length >= count && shown >= depth;
    }, [count, depth], { timeout });
  } catch {
    const lines = await page.getByTestId('pv').count();
    throw new P.Mismatch(`${count} best lines at depth ${depth} were expected; the page shows ${lines} at depth ${await depthShown(page)}` +
      ` (${await page.getByTestId('eval').textContent()} ${await page.locator('#engine-state').textContent()})`);
  }
  return depthShown(page);
}

/** The analysis board's move tree: every turn's text, in order. */
const treeTexts = (page) => page.getByTestId('tree').locator('button').allTextContents();
/** The turn the analysis board shows (its current one in the tree), or null at the start. */
const shownTurn = async (page) => {
  const current = page.getByTestId('tree').locator('button.current');
  return (await current.count()) ? current.textContent() : null;
};

/** The server's view of a line (POST /api/analysis). */
async function lineView(page, body) {
  const answer = await P.request(page, 'POST', '/api/analysis', body);
  P.equal(answer.status, 200, `the line ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Waits until the analysis board's move list shows `turns`, the turn `current` shown. */
async function waitForTree(page, turns, current) {
  try {
    await page.waitForFunction(([turns, current]) => {
      const buttons = [...document.querySelectorAll('[data-testid="tree"] button')];
      const shown = buttons.find((b) => b.classList.contains('current'))?.textContent ?? null;
      return JSON.stringify(buttons.map((b) => b.textContent)) === JSON.stringify(turns) && shown === current;
    }, [turns, current], { timeout: 5_000 });
  } catch {
    throw new P.Mismatch(`the move list should be ${JSON.stringify(turns)} at ${current}; it is ${JSON.stringify(await treeTexts(page))} at ${await shownTurn(page)}`);
  }
}

test('the analysis board from a finished game: Analyse opens its turns at the end, or at the turn reviewed', async (t) => {
  const page = await t.page();
  await page.goto('/');
  // A short game of Alquerque from a position: two captures end it.
  const created = await P.request(page, 'POST', '/api/games', { variant: 'alquerque', opponent: 'human', position: 'W:Wc2:Bc3,c5' });
  P.equal(created.status, 201, 'the game made');
  await page.goto(created.body.url);
  await P.play(page, 'c2xc4');
  await P.play(page, 'c5xc3');
  const end = await P.settle(page);
  P.equal(end.outcome?.result, '0-1', 'the game\'s result');
  needTables();
  const gamePath = new URL(page.url()).pathname;

  await P.button(page, 'Analyse').click();
  await page.waitForURL((url) => url.pathname === '/analysis');
  await P.waitForBoard(page, end.position, 10_000);
  await waitForTree(page, ['c2xc4', 'c5xc3'], 'c5xc3');
  await page.getByTestId('status').filter({ hasText: `0-1: ${end.outcome.text}` }).waitFor();
  await page.getByTestId('eval').filter({ hasText: 'Black wins' }).waitFor();
  // The start: three pieces, which the endgame tables cover.
  await page.keyboard.press('Home');
  await P.waitForBoard(page, end.positions[0], 5_000);
  await waitForTree(page, ['c2xc4', 'c5xc3'], null);
  const verdict = page.getByTestId('verdict').filter({ hasText: 'Endgame tables: Black wins' });
  await verdict.waitFor();
  await waitForLines(page);
  await page.keyboard.press('ArrowRight');
  await P.waitForBoard(page, end.positions[1], 5_000);
  await waitForTree(page, ['c2xc4', 'c5xc3'], 'c2xc4');

  // Back to the game, review its first turn: `a` analyses there.
  await page.getByRole('link', { name: 'Back to the game' }).click();
  await page.waitForURL((url) => url.pathname === gamePath);
  await P.settle(page);
  await page.getByTestId('moves').locator('button').first().click();
  await page.locator('#review').waitFor();
  await page.keyboard.press('a');
  await page.waitForURL((url) => url.pathname === '/analysis');
  await P.waitForBoard(page, end.positions[1], 10_000);
  await waitForTree(page, ['c2xc4', 'c5xc3'], 'c2xc4');
  P.equal(new URL(page.url()).searchParams.get('ply'), '1', 'the turn in the address');
});

test('the analysis board from a link: the best lines deepen; a line played becomes a variation, stepped through and deleted', async (t) => {
  const page = await t.page();
  const link = '/analysis?variant=peralikatuma&turns=e4-e5;e6xe4';
  await page.goto(link);
  const after = await lineView(page, { variant: 'peralikatuma', turns: ['e4-e5', 'e6xe4'] });
  await P.waitForBoard(page, after.position, 10_000);
  await waitForTree(page, ['e4-e5', 'e6xe4'], 'e6xe4');
  P.equal(await P.statusText(page), 'White to move', 'the status');
  P.equal(await page.getByTestId('link').inputValue(), `${t.base}${link}`, 'the link to copy');
  const first = await waitForLines(page, { count: 3 });
  const deeper = await waitForLines(page, { count: 3, depth: first + 1 });
  P.check((await page.getByTestId('eval').textContent()).length > 0, 'the evaluation in words');
  const legal = new Set(after.turns.map((turn) => turn.text));
  for (const line of await page.getByTestId('pv').all()) {
    const turns = await line.locator('.pv-turn').allTextContents();
    P.check(turns.length > 0 && legal.has(turns[0]), `a best line starts with a legal turn: ${turns.join(' ')}`);
  }
  t.note(`depth ${first} then ${deeper}`);

  // Stop and start the engine.
  await P.button(page, 'Stop engine').click();
  await page.getByTestId('eval').filter({ hasText: 'The engine is off' }).waitFor();
  P.equal(await page.getByTestId('pv').count(), 0, 'lines with the engine off');
  await P.button(page, 'Start engine').click();
  await waitForLines(page, { count: 3 });

  // At the start, a best line that does not begin as the game does:
  // its second turn clicked plays it as a variation.
  await page.keyboard.press('Home');
  await waitForTree(page, ['e4-e5', 'e6xe4'], null);
  await waitForLines(page, { count: 3, depth: 2 });
  // Chosen and clicked at once: the lines are drawn again at each depth.
  const chosen = await page.evaluate(() => {
    for (const line of document.querySelectorAll('[data-testid="pv"]')) {
      const turns = [...line.querySelectorAll('.pv-turn')];
      if (turns.length >= 2 && turns[0].textContent !== 'e4-e5') {
        turns[1].click();
        return turns.slice(0, 2).map((turn) => turn.textContent);
      }
    }
    return null;
  });
  P.check(chosen, 'a best line other than the game\'s');
  const variation = await lineView(page, { variant: 'peralikatuma', turns: chosen });
  await P.waitForBoard(page, variation.position, 5_000);
  // The variation stands beside the main line's first turn.
  await waitForTree(page, ['e4-e5', ...chosen, 'e6xe4'], chosen[1]);
  P.equal(await page.getByTestId('tree').locator('.variation button').allTextContents(), chosen, 'the variation');
  await page.keyboard.press('ArrowLeft');
  await waitForTree(page, ['e4-e5', ...chosen, 'e6xe4'], chosen[0]);
  P.check((await page.getByTestId('link').inputValue()).endsWith(`turns=${chosen.join(';')}&ply=1`), 'the link in the variation');
  await P.button(page, 'Delete variation').click();
  await waitForTree(page, ['e4-e5', 'e6xe4'], null);
  await page.keyboard.press('End');
  await waitForTree(page, ['e4-e5', 'e6xe4'], 'e6xe4');
  // A turn clicked in the list goes there, and keeps the keyboard's focus: → goes on from it.
  await page.getByTestId('tree').getByRole('button', { name: 'e4-e5', exact: true }).click();
  await waitForTree(page, ['e4-e5', 'e6xe4'], 'e4-e5');
  await P.waitForBoard(page, after.positions[1], 5_000);
  P.check(await page.evaluate(() => document.activeElement?.matches('#tree button.current')), 'the focus stays on the turn clicked');
  await page.keyboard.press('ArrowRight');
  await waitForTree(page, ['e4-e5', 'e6xe4'], 'e6xe4');
  P.check(await page.evaluate(() => document.activeElement?.matches('#tree button.current')), 'the focus follows the turn shown');

  // A best line's turn that has the focus keeps it as the lines deepen.
  const shown = await waitForLines(page, { count: 3 });
  const focused = page.getByTestId('pv').nth(1).locator('.pv-turn').first();
  await focused.focus();
  const text = await focused.textContent();
  await waitForLines(page, { count: 3, depth: shown + 1 });
  const still = await page.evaluate(() => {
    const at = document.activeElement;
    return at?.matches('#lines .pv-turn') ? { line: at.dataset.line, k: at.dataset.k } : at?.tagName;
  });
  P.equal(still, { line: '1', k: '0' }, `the focus on line 2's first turn (${text}) a depth later`);

  // A turn typed (t focuses the field): played as the notation writes it;
  // one the rules refuse is said in words.
  await page.keyboard.press('t');
  const typed = page.getByLabel('Type a turn');
  P.check(await typed.evaluate((input) => input === document.activeElement), 'the key t focuses the typed turn');
  const legal2 = after.turns.find((turn) => turn.path.length === 2 && !turn.claim);
  await typed.fill(legal2.text);
  await typed.press('Enter');
  await waitForTree(page, ['e4-e5', 'e6xe4', legal2.text], legal2.text);
  P.equal(await typed.inputValue(), '', 'the field emptied');
  await typed.fill('a1-a9');
  await typed.press('Enter');
  const answer = await P.request(page, 'POST', '/api/analysis', { variant: 'peralikatuma', turns: ['e4-e5', 'e6xe4', legal2.text, 'a1-a9'] });
  P.equal(answer.status, 422, 'the server refuses a1-a9');
  await waitForMessage(page, `a1-a9: ${answer.body.message.replace(/^turn \d+ \(`[^`]*`\): /, '')}`);
  P.check(!(await message(page).textContent()).includes('turn 4 ('), 'the refusal without the line\'s numbering');
  await waitForTree(page, ['e4-e5', 'e6xe4', legal2.text], legal2.text);
});

test('the analysis board opens a pasted position with the tables\' verdict, an uploaded record, and says what is wrong with bad text', async (t) => {
  needTables();
  const page = await t.page();
  await page.goto('/analysis');
  const form = page.locator('#import-form');
  const text = form.getByLabel('Position (N3) or game record (N4)');
  P.check(await text.isVisible(), 'the form is open on a page opened without a line');
  // Three pieces of Alquerque: the tables know who wins.
  const position = 'W:Wb2:Bc4,d5';
  await text.fill(position);
  await form.getByLabel('Game (for a position').selectOption('alquerque');
  await form.getByRole('button', { name: 'Open' }).click();
  await P.waitForBoard(page, position, 5_000);
  const view = await lineView(page, { variant: 'alquerque', position });
  P.equal(view.tables?.winner, 'black', 'the tables\' winner');
  const verdict = page.getByTestId('verdict');
  await verdict.filter({ hasText: 'Black wins' }).waitFor();
  P.check((await verdict.textContent()).includes('Black wins — next removal within'), `the value in words: ${await verdict.textContent()}`);
  // Each turn's value said plainly (not `win in 2`, which reads as a win in two turns).
  const values = await page.getByTestId('table-turns').locator('li').allTextContents();
  P.equal(values.map((v) => v.trim()), view.tables.turns.map((v) => `${v.turn} ${v.words}`), 'each turn\'s value');
  P.check(values.every((v) => /(wins|loses) — next removal (within \d+ turns|this turn)|draws/.test(v) && !/\b(win|loss) in\b/.test(v)), `the values: ${values}`);
  await waitForLines(page);
  P.check((await page.getByTestId('link').inputValue()).includes(`position=${position}`), 'the link names the position');

  // Text the rules cannot read, in words.
  await text.fill('W:Wz9:Bc4');
  await form.getByRole('button', { name: 'Open' }).click();
  const error = page.locator('#import-error');
  await error.filter({ hasText: 'This position cannot be opened' }).waitFor();
  P.check((await error.textContent()).includes('z9'), `the error names the point: ${await error.textContent()}`);
  await P.waitForBoard(page, position, 1_000);

  // A record from a file: its turns are the main line.
  const record = '[Variant "Alquerque"]\n[White "Ann"]\n[Black "Ben"]\n[Result "*"]\n\n1. c2-c3 c4xc2 2. c1xc3 *\n';
  await form.getByLabel('Or a file').setInputFiles({ name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(record) });
  await page.waitForFunction(() => document.getElementById('import-text').value.startsWith('[Variant'));
  await form.getByRole('button', { name: 'Open' }).click();
  await waitForTree(page, ['c2-c3', 'c4xc2', 'c1xc3'], 'c1xc3');
  P.equal(await error.textContent(), '', 'no error left');
  // Saved again: the same turns.
  const [download] = await Promise.all([page.waitForEvent('download'), P.button(page, 'Save record').click()]);
  const saved = await readFile(await download.path(), 'utf8');
  P.check(saved.includes('1. c2-c3 c4xc2 2. c1xc3') && saved.includes('[White "Ann"]'), `the record saved: ${saved}`);
  // A turn played on (typed): a variation past the record's end; saved, its line keeps the players' names.
  const end = await lineView(page, { record });
  await page.getByLabel('Type a turn').fill(end.turns[0].text);
  await page.getByLabel('Type a turn').press('Enter');
  await waitForTree(page, ['c2-c3', 'c4xc2', 'c1xc3', end.turns[0].text], end.turns[0].text);
  const [again] = await Promise.all([page.waitForEvent('download'), P.button(page, 'Save record').click()]);
  const line = await readFile(await again.path(), 'utf8');
  P.check(line.includes(`2. c1xc3 ${end.turns[0].text}`) && line.includes('[White "Ann"]') && line.includes('[Black "Ben"]'), `the line saved: ${line}`);
});

test('the proof\'s verdict on Alquerque\'s start: White wins, proved, with its turn (said to be read until it is)', async (t) => {
  const page = await t.page();
  const began = Date.now();
  await page.goto('/analysis?variant=alquerque');
  // The server reads the proof in the background the first time it is
  // asked for (an earlier test may have asked): until then the page says
  // it is being read, and asks again.
  const verdicts = page.getByTestId('verdict');
  await verdicts.waitFor();
  const first = await verdicts.textContent();
  P.check(first.includes('White wins') || first.includes('being read'), `the verdict at first: ${first}`);
  const verdict = verdicts.filter({ hasText: 'White wins' });
  await verdict.waitFor({ timeout: 120_000 });
  t.note(`the proof shown after ${((Date.now() - began) / 1000).toFixed(0)} s`);
  const view = await lineView(page, { variant: 'alquerque' });
  P.equal([view.proof.goal, view.proof.side], ['White wins', 'white'], 'the proof');
  const said = await verdict.textContent();
  P.check(said.includes('proved') && said.includes(view.proof.turn), `the verdict: ${said}`);
  await verdict.getByRole('button', { name: `Play ${view.proof.turn}` }).click();
  await waitForTree(page, [view.proof.turn], view.proof.turn);
}, { timeout: 150_000 });

/** Checks that `locator`'s box lies within the window (`width` x `height`), or says what of it does not. */
async function inWindow(locator, what, { width, height }) {
  const box = await locator.boundingBox();
  P.check(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height,
    () => `${what} ${JSON.stringify(box)} lies within the ${width}x${height} window`);
}

test('the position editor: a position set up and analysed, and one the rules refuse (Permainan, M6)', async (t) => {
  const size = { width: 1280, height: 800 };
  const page = await t.page({ viewport: size });
  await page.goto('/analysis?variant=alquerque');
  await waitForLines(page);
  // A desktop's window holds the board and the steps under it.
  await inWindow(page.getByRole('button', { name: 'To the end' }), 'the step buttons', size);
  await page.getByTestId('verdict').waitFor();
  await P.button(page, 'Edit position').click();
  const editor = page.getByTestId('editor');
  await editor.waitFor();
  // The editor in sight, beside the board; what was said of the position
  // shown (the engine's lines, the proof's verdict, the report) put away.
  await inWindow(P.button(page, 'Analyse this position'), 'the editor', size);
  await inWindow(page.getByRole('group', { name: 'The board' }), 'the board', size);
  for (const [what, testid] of [['the verdict', 'verdict'], ['the lines', 'lines'], ['the report', 'report']]) {
    P.check(await page.getByTestId(testid).isHidden(), `${what} hidden while editing`);
  }
  P.equal(await page.locator('#title').textContent(), 'Edit position: Alquerque', 'the title');
  P.check(!await editor.getByLabel('White king').isVisible(), 'no kings offered in Alquerque');
  await P.button(page, 'Clear board').click();
  P.equal(await P.boardPieces(page), {}, 'the board cleared');
  await editor.getByLabel('White man').check();
  await P.point(page, 'c2').click();
  await P.point(page, 'd1').click();
  await P.point(page, 'a1').click();
  await P.point(page, 'a1').click(); // again: empty
  await editor.getByLabel('Black man').check();
  await P.point(page, 'c4').click();
  await editor.getByLabel('Black', { exact: true }).check();
  await editor.getByLabel('Turns without a capture').fill('3');
  await editor.getByLabel('Turns without a capture').press('Tab');
  const position = 'B:Wd1,c2:Bc4:C3';
  P.equal(await page.getByTestId('editor-text').textContent(), position, 'the position text');
  P.equal(await P.boardPieces(page), P.piecesOf(position), 'the board set up');
  await P.button(page, 'Analyse this position').click();
  await editor.waitFor({ state: 'hidden' });
  await P.waitForBoard(page, position, 5_000);
  P.equal(await page.locator('#title').textContent(), 'Analysis: Alquerque', 'the title');
  // The board showed these pieces in the editor already: the status says
  // when the server's view of the position has come.
  await page.getByTestId('status').filter({ hasText: /^Black to move$/ }).waitFor({ timeout: 5_000 });
  P.check((await page.getByTestId('link').inputValue()).includes(`position=${position}`), 'the link names the position');
  await page.getByTestId('verdict').filter({ hasText: /(White|Black) wins|draw/ }).waitFor();
  await waitForLines(page);

  // Permainan: a man on the point where it is crowned is refused, in words.
  await P.button(page, 'Edit position').click();
  await editor.getByLabel('Game', { exact: true }).selectOption('permainan');
  await editor.getByLabel('White king').waitFor();
  P.equal(await page.locator('#title').textContent(), 'Edit position: Permainan', 'the title follows the editor\'s game');
  P.check(await page.getByTestId('verdict').isHidden() && await page.getByTestId('lines').isHidden(), 'no verdict nor line of the Alquerque position');
  await P.button(page, 'Clear board').click();
  await editor.getByLabel('Black man').check();
  await P.point(page, 'c1').click();
  await editor.getByLabel('White king').check();
  await P.point(page, 'e5').click();
  P.equal(await page.getByTestId('editor-text').textContent(), 'W:WKe5:Bc1', 'the position text');
  await P.button(page, 'Analyse this position').click();
  const refused = page.getByTestId('editor-error');
  await refused.filter({ hasText: 'c1: a man on a point where it is crowned in permainan (M6)' }).waitFor();
  P.check(await editor.isVisible(), 'the editor stays open');
  // Moved back off its crowning point, the man is fine.
  await editor.getByLabel('Empty').check();
  await P.point(page, 'c1').click();
  await editor.getByLabel('Black man').check();
  await P.point(page, 'c3').click();
  await P.button(page, 'Analyse this position').click();
  await editor.waitFor({ state: 'hidden' });
  await P.waitForBoard(page, 'W:WKe5:Bc3', 5_000);
  P.equal(new URL(page.url()).searchParams.get('variant'), 'permainan', 'the game in the address');
  await waitForLines(page);
});

test('the analysis board of every game: its board, its turns and a best line (rules.md F)', async (t) => {
  const page = await t.page();
  await page.goto('/analysis');
  const games = await page.locator('#import-variant option').evaluateAll((options) => options.map((o) => o.value));
  P.equal(games.length, 21, 'the games offered');
  for (const variant of games) {
    await page.goto(`/analysis?variant=${variant}`);
    const view = await lineView(page, { variant });
    await P.waitForBoard(page, view.position, 5_000);
    await waitForLines(page);
    P.check((await P.marked(page)).length > 0, `${variant}: the pieces that can move are marked`);
  }
  t.note(`${games.length} games`);
}, { timeout: 90_000 });

test('the analysis board on a phone (390x844): board, evaluation, lines, the form and the editor without scrolling sideways', async (t) => {
  const page = await t.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const boardParts = () => [['the board', page.getByRole('group', { name: 'The board' })], ['the evaluation bar', page.getByTestId('evalbar')]];
  const engine = () => [['the evaluation', page.getByTestId('eval')], ['the lines', page.getByTestId('lines')]];
  const fits = async (what, parts = [...boardParts(), ...engine()]) => {
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    P.check(scroll <= 390, `${what}: the page is ${scroll} px wide`);
    for (const [name, locator] of parts) {
      const box = await locator.boundingBox();
      P.check(box && box.x >= 0 && box.x + box.width <= 390, `${what}: ${name} ${JSON.stringify(box)} lies within the screen's width`);
    }
  };
  // Opened without a line, the form is open: its list of games (long
  // names) fits the screen too.
  await page.goto('/analysis');
  const form = page.locator('#import-form');
  await form.waitFor();
  await waitForLines(page);
  await fits('the form open', [...boardParts(), ...engine(), ['the form', form], ['its list of games', form.getByLabel('Game (for a position')],
    ['its text', form.getByLabel('Position (N3) or game record (N4)')], ['its button', form.getByRole('button', { name: 'Open' })]]);
  await page.goto('/analysis?variant=peralikatuma&turns=e4-e5;e6xe4');
  await waitForLines(page, { count: 3 });
  await fits('Peralikatuma');
  const bar = await page.getByTestId('evalbar').boundingBox();
  const board = await page.getByRole('group', { name: 'The board' }).boundingBox();
  P.check(bar.y + bar.height <= board.y + 1, 'the bar is above the board');
  // A turn played by taps.
  const after = await lineView(page, { variant: 'peralikatuma', turns: ['e4-e5', 'e6xe4'] });
  const turn = after.turns.find((t) => t.path.length === 2 && !t.claim);
  await P.point(page, turn.path[0]).tap();
  await P.point(page, turn.path[1]).tap();
  await waitForTree(page, ['e4-e5', 'e6xe4', turn.text], turn.text);
  await P.button(page, 'Edit position').tap();
  const editor = page.getByTestId('editor');
  await editor.waitFor();
  await fits('the editor', [...boardParts(), ['the editor', editor], ['its list of games', editor.getByLabel('Game', { exact: true })],
    ['its button', P.button(page, 'Analyse this position')]]);
  // Scrolled into sight under the board.
  const heading = await editor.getByRole('heading', { name: 'Edit position' }).boundingBox();
  P.check(heading.y >= 0 && heading.y + heading.height <= 844, `the editor's heading ${JSON.stringify(heading)} is in sight`);
  await page.goto('/analysis?variant=terhuchu');
  await waitForLines(page);
  await fits('Terhuchu');
});

// --- the game report (on the analysis board) -------------------------------

/** Alquerque from three pieces, White to move and winning by the tables; White's c3-d4 throws the win away, and Black wins. */
const THROWN = { start: 'W:Wc3,e1:Bc5', turns: ['c3-d4', 'c5xe3', 'e1-d1', 'e3-d3', 'd1-c1', 'd3-c3', 'c1-b1', 'c3-b3', 'b1-a1', 'b3-a3', 'a1-a2', 'a3xa1'] };

/** Waits until the report panel has finished (`done`, `kept`, ...) and checks it ended as `expected`; its box. */
async function waitForReport(page, expected, timeout = 30_000) {
  const report = page.getByTestId('report');
  try {
    await page.waitForSelector('[data-testid="report"]:not([data-state="running"]):not([data-state="idle"])', { timeout });
  } catch {
    throw new P.Mismatch(`the report did not finish in ${timeout / 1000} s: ${await page.locator('#report-said').textContent()}` +
      ` (${await page.locator('#report-progress-text').textContent()})`);
  }
  const state = await report.getAttribute('data-state');
  const said = await page.locator('#report-said').textContent();
  P.check(state === expected, `the report should end ${expected}; it ended ${state}: ${said}`);
  return report;
}

test('the game report of a pasted record: White throws away the tables\' win, a blunder, marked in the list and the graph', async (t) => {
  needTables();
  const page = await t.page();
  await page.goto('/analysis');
  const turns = THROWN.turns.slice(0, 4);
  const record = `[Variant "Alquerque"]\n[Setup "${THROWN.start}"]\n[Result "*"]\n\n1. ${turns[0]} ${turns[1]} 2. ${turns[2]} ${turns[3]} *\n`;
  const form = page.locator('#import-form');
  await form.getByLabel('Position (N3) or game record (N4)').fill(record);
  await form.getByRole('button', { name: 'Open' }).click();
  await waitForTree(page, turns, turns.at(-1));
  const report = page.getByTestId('report');
  const asked = [];
  page.on('request', (r) => { if (r.url().includes('/report/events')) asked.push(new URL(r.url()).pathname); });
  await report.getByRole('button', { name: 'Report', exact: true }).click();
  await waitForReport(page, 'done');
  P.equal(asked, ['/api/report/events'], 'the reports asked for (a line\'s, not a game\'s)');

  // Each turn classified; White's c3-d4 a blunder by the tables.
  P.equal(await report.locator('[data-turn-class]').count(), turns.length, 'the turns classified');
  const blunder = report.locator('[data-turn-class="blunder"]');
  P.equal(await blunder.count(), 1, 'the blunders');
  const said = (await blunder.textContent()).replace(/\s+/g, ' ');
  P.check(said.includes('c3-d4') && said.includes('Blunder') && said.includes('threw away a win'), `the blunder's row: ${said}`);
  const start = await lineView(page, { variant: 'alquerque', position: THROWN.start });
  const winning = start.tables.turns.filter((v) => v.verdict === 'win').map((v) => v.turn);
  const best = (await blunder.locator('.r-best').textContent()).replace(/^best /, '');
  P.check(winning.includes(best), `the best turn offered, ${best}, wins by the tables (${winning.join(' ')})`);
  await page.getByTestId('tree').locator('.mark.blunder').filter({ hasText: '??' }).waitFor();
  const summary = await report.getByTestId('report-summary').locator('tr.blunder td').allTextContents();
  P.equal(summary, ['1', '0'], 'the blunders of White and Black in the summary');

  // The graph: a point at each position; a point clicked shows it.
  const graph = report.getByTestId('report-graph');
  P.equal(await graph.locator('[data-ply]').count(), turns.length + 1, 'the graph\'s points');
  P.equal(await graph.locator('[data-ply="1"]').getAttribute('class'), 'g-point blunder', 'the blunder\'s point');
  await graph.locator('[data-ply="1"]').click();
  await waitForTree(page, turns, 'c3-d4');
  await report.locator('li.current[data-ply="1"]').waitFor();

  // The best turn, clicked, is played as a variation: the report is still the main line's.
  await blunder.locator('.r-best').click();
  await waitForTree(page, ['c3-d4', best, ...turns.slice(1)], best);
  P.check(await page.locator('#report-stale').isHidden(), 'a variation leaves the report as it was');
  // Made the main line, it makes the report one of another line; asked again, a report of the new main line.
  await P.button(page, 'Make main line').click();
  await page.locator('#report-stale').waitFor();
  await report.locator('.r-turn', { hasText: 'c3-d4' }).click();
  await waitForTree(page, [best, ...turns], 'c3-d4');
  await report.getByRole('button', { name: 'Report', exact: true }).click();
  await waitForReport(page, 'done');
  P.check(await page.locator('#report-stale').isHidden(), 'the new report is the main line\'s');
  const classes = await report.locator('[data-turn-class]').evaluateAll((rows) => rows.map((r) => r.dataset.turnClass));
  P.check(classes.length === 1 && ['best', 'good'].includes(classes[0]), `the new main line's one turn keeps the win: ${classes}`);
  P.equal(await page.getByTestId('tree').locator('.mark').count(), 0, 'marks left in the move list');
});

test('a finished game\'s report: Report on its page, the graph clicked, the record annotated, and the report kept with the game', async (t) => {
  needTables();
  const page = await t.page();
  await page.goto('/');
  const created = await P.request(page, 'POST', '/api/games', { variant: 'alquerque', opponent: 'human', position: THROWN.start });
  P.equal(created.status, 201, 'the game made');
  await page.goto(created.body.url);
  const id = P.gameId(page);
  await P.settle(page);
  P.check(await P.button(page, 'Report').isHidden(), 'no Report while the game goes on');
  for (const [number, turn] of THROWN.turns.entries()) {
    const played = await P.request(page, 'POST', `/api/games/${id}/turn`, { turn, number });
    P.equal(played.status, 200, `${turn} played: ${JSON.stringify(played.body)}`);
  }
  await page.reload();
  const end = await P.settle(page);
  P.equal(end.outcome?.result, '0-1', 'the game\'s result');
  P.check((await page.locator('#d-keys').textContent()).includes('the game report'), 'the keys name the report');

  const asked = [];
  page.on('request', (r) => { if (r.url().includes('/report/events')) asked.push(new URL(r.url()).pathname); });
  await P.button(page, 'Report').click();
  await page.waitForURL((url) => url.pathname === '/analysis');
  const report = await waitForReport(page, 'done');
  P.equal(asked, [`/api/games/${id}/report/events`], 'the report asked for: the game\'s');
  await waitForTree(page, THROWN.turns, THROWN.turns.at(-1));
  P.equal(await report.locator('[data-turn-class]').count(), THROWN.turns.length, 'the turns classified');
  P.check((await report.locator('[data-turn-class="blunder"]').first().textContent()).includes('threw away a win'), 'the blunder said');
  P.check((await page.locator('#report-about').textContent()).includes('0-1'), 'the result');

  // The graph: a point at each position of the game; one clicked shows it.
  const graph = report.getByTestId('report-graph');
  P.equal(await graph.locator('[data-ply]').count(), end.positions.length, 'the graph\'s points, one a position');
  await graph.locator('[data-ply="6"]').click();
  await P.waitForBoard(page, end.positions[6], 5_000);
  await waitForTree(page, THROWN.turns, THROWN.turns[5]);

  // The record, annotated, downloads: it reads back as the same game.
  const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: 'Download annotated record' }).click()]);
  P.equal(download.suggestedFilename(), `alquerque-${id}-report.txt`, 'the file\'s name');
  const annotated = await readFile(await download.path(), 'utf8');
  P.check(/1\. c3-d4 \{blunder[^}]*threw away a win\}/.test(annotated), `the annotated record: ${annotated}`);
  const read = await lineView(page, { record: annotated });
  P.equal(read.moves.map((m) => m.text), THROWN.turns, 'the annotated record read back');

  // Asked again, the report kept with the game comes at once.
  await page.getByRole('link', { name: 'Back to the game' }).click();
  await page.waitForURL((url) => url.pathname === `/games/${id}`);
  await P.settle(page);
  await page.keyboard.press('Shift+R');
  await page.waitForURL((url) => url.pathname === '/analysis');
  await waitForReport(page, 'kept');
  P.check(await page.locator('#report-progress-line').isHidden(), 'no progress for a kept report');
  P.equal(await report.locator('[data-turn-class]').count(), THROWN.turns.length, 'the kept report\'s turns');
});

test('a resigned game on the analysis board: its end said, its turns kept as the main line (a best line played past them is a variation), its link and its record kept', async (t) => {
  needTables();
  const page = await t.page();
  await page.goto('/');
  // White plays the tables' best turn from three pieces; Black resigns.
  const record = `[Variant "Alquerque"]\n[Setup "${THROWN.start}"]\n[Result "*"]\n\n1. c3-b4 *\n`;
  const created = await P.request(page, 'POST', '/api/games', { record, opponent: 'human' });
  P.equal(created.status, 201, `the game loaded: ${JSON.stringify(created.body)}`);
  await page.goto(created.body.url);
  const id = P.gameId(page);
  const resigned = await P.request(page, 'POST', `/api/games/${id}/resign`, { number: 1 });
  P.equal(resigned.status, 200, `resigned: ${JSON.stringify(resigned.body)}`);
  const outcome = resigned.body.outcome;
  P.equal(outcome?.result, '1-0', 'the result');
  await page.reload();
  await P.settle(page);
  await P.button(page, 'Analyse').click();
  await page.waitForURL((url) => url.pathname === '/analysis');
  // The last position, the game's end said (the engine analyses it as it stood).
  await page.getByTestId('status').filter({ hasText: `1-0: ${outcome.text}` }).waitFor();
  await waitForTree(page, ['c3-b4'], 'c3-b4');
  P.check((await page.getByTestId('link').inputValue()).includes(`game=${id}`), 'the link keeps the game');

  // A best line played at the end: a variation past the game's end, which
  // Delete takes away; the game's turn stays the main line.
  await waitForLines(page);
  // Read and clicked at once: the lines are drawn again at each depth.
  const line = await page.evaluate(() => {
    const first = document.querySelector('[data-testid="pv"]');
    first.querySelector('.pv-score').click();
    return [...first.querySelectorAll('.pv-turn')].map((turn) => turn.textContent);
  });
  await waitForTree(page, ['c3-b4', ...line], line.at(-1));
  P.equal(await page.getByTestId('tree').locator('.variation.past-end button').allTextContents(), line, 'the variation past the end');
  P.check(await P.button(page, 'Delete variation').isEnabled(), 'the variation can be deleted');
  // Its link shows it in the game: opened, the game's turn is the main line again, this line a variation.
  const link = await page.getByTestId('link').inputValue();
  P.check(link.includes(`game=${id}`) && link.includes(`turns=c3-b4;${line.join(';')}`), `the link: ${link}`);
  await page.goto(link);
  await waitForTree(page, ['c3-b4', ...line], line.at(-1));
  P.equal(await page.getByTestId('tree').locator('.variation.past-end button').allTextContents(), line, 'the variation past the end, opened by its link');
  await page.getByRole('link', { name: 'Back to the game' }).waitFor();
  await page.keyboard.press('Delete');
  await waitForTree(page, ['c3-b4'], 'c3-b4');
  await page.getByTestId('status').filter({ hasText: `1-0: ${outcome.text}` }).waitFor();

  // Saved: the game's own record, its players and its end as the server has them.
  const [download] = await Promise.all([page.waitForEvent('download'), P.button(page, 'Save record').click()]);
  const saved = await readFile(await download.path(), 'utf8');
  const kept = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/record`)).text(), id);
  P.equal(saved, kept, 'the record saved');
  P.check(saved.includes('1-0'), `the record saved: ${saved}`);

  // The report is of the game's turn: best, so that none is left when
  // only the inaccuracies and worse are asked for; its loss has a heading.
  await page.getByTestId('report').getByRole('button', { name: 'Report', exact: true }).click();
  const report = await waitForReport(page, 'done');
  P.equal(await report.locator('[data-turn-class]').evaluateAll((rows) => rows.map((r) => r.dataset.turnClass)), ['best'], 'the turns classified');
  P.check((await page.locator('#report-turns-head').textContent()).includes('Loss (pieces)'), 'the loss\'s heading');
  P.check(await page.getByTestId('report-none').isHidden(), 'nothing said of no mistakes before it is asked');
  await report.getByLabel('only the inaccuracies, mistakes and blunders').check();
  await page.getByTestId('report-none').filter({ hasText: 'No inaccuracies, mistakes or blunders' }).waitFor();
});

test('a report and the page\'s engine take one analysis place between them, and a report is timed from when its work begins', async (t) => {
  // A server with one place for analyses.
  const server = await t.server({ extra: ['--analyses', '1', '--analysis-seconds', '30'] });
  const page = await t.page({ baseURL: server.base });
  await page.goto('/analysis?variant=alquerque&turns=c2-c3;c4xc2');
  await waitForLines(page);
  // The engine holds the place: a report stops it, runs at once, and the engine goes on after.
  const report = page.getByTestId('report');
  await report.getByLabel('Depth').selectOption('4');
  await report.getByRole('button', { name: 'Report', exact: true }).click();
  await waitForReport(page, 'done', 10_000);
  await waitForLines(page);
  // Another page's analysis holds the place: the report waits for it, and
  // says how long its work took, not its wait.
  await P.button(page, 'Stop engine').click();
  const other = await t.page({ baseURL: server.base });
  await other.goto('/analysis?variant=peralikatuma');
  await waitForLines(other);
  await report.getByRole('button', { name: 'Report', exact: true }).click();
  await page.locator('#report-said').filter({ hasText: 'waiting' }).waitFor();
  const wait = 1_200;
  await new Promise((resolve) => setTimeout(resolve, wait));
  await other.close();
  await waitForReport(page, 'done', 10_000);
  const said = await page.locator('#report-said').textContent();
  const seconds = Number(said.match(/Done in ([\d.]+) s/)?.[1]);
  P.check(seconds < wait / 1000, `the report's time leaves out the wait of ${wait / 1000} s: ${said}`);
  t.note(`a report's work: ${seconds} s`);
});

test('the game report on a phone (390x844): the graph, the rows and the summary without scrolling sideways', async (t) => {
  needTables();
  const page = await t.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await page.goto(`/analysis?variant=alquerque&position=${THROWN.start}&turns=${THROWN.turns.join(';')}&report=1`);
  const report = await waitForReport(page, 'done');
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  P.check(scroll <= 390, `the page is ${scroll} px wide`);
  const parts = [['the report', report], ['the graph', report.getByTestId('report-graph')], ['the summary', report.getByTestId('report-summary')],
    ['the download', report.getByRole('button', { name: 'Download annotated record' })], ...(await report.locator('[data-turn-class]').all()).map((row, i) => [`row ${i + 1}`, row])];
  for (const [name, locator] of parts) {
    const box = await locator.boundingBox();
    P.check(box && box.x >= 0 && box.x + box.width <= 390, `${name} ${JSON.stringify(box)} lies within the screen's width`);
  }
  // A point tapped shows its position.
  const graph = report.getByTestId('report-graph');
  await graph.scrollIntoViewIfNeeded();
  await graph.locator('[data-ply="2"]').tap();
  await waitForTree(page, THROWN.turns, THROWN.turns[1]);
});

// --- the runner ----------------------------------------------------------

const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);

/** One test's browser contexts and what their pages said. */
class Run {
  constructor(browser, base, rng) {
    this.browser = browser;
    this.base = base;
    this.rng = rng;
    this.contexts = [];
    this.pages = [];
    this.log = [];
    this.errors = [];
    this.notes = [];
    this.servers = [];
    this.dirs = [];
  }

  /** A server of this test's own (`startServer`'s options), stopped at its end. */
  async server(options) {
    const server = await startServer(options);
    this.servers.push(server);
    return server;
  }

  /** A fresh data directory, removed at the test's end. */
  async dataDir() {
    const dir = await freshData();
    this.dirs.push(dir);
    return dir;
  }

  /** A page in a fresh browser context. */
  async page(options = {}) {
    const context = await this.browser.newContext({ baseURL: this.base, acceptDownloads: true, viewport: { width: 1200, height: 860 }, ...options });
    context.setDefaultTimeout(10_000);
    this.contexts.push(context);
    const page = await context.newPage();
    const n = this.pages.push(page);
    const say = (text) => this.log.push(`[page ${n}] ${text}`);
    page.on('console', (m) => say(`console.${m.type()}: ${m.text()}`));
    page.on('pageerror', (error) => {
      this.errors.push(error);
      say(`uncaught: ${error.stack ?? error}`);
    });
    page.on('requestfailed', (r) => say(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
    page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) say(`at ${frame.url()}`); });
    return page;
  }

  note(text) {
    this.notes.push(text);
  }

  async keepEvidence(name, error, serverLog) {
    await mkdir(OUT, { recursive: true });
    const base = path.join(OUT, slug(name));
    for (const [i, page] of this.pages.entries()) {
      if (page.isClosed()) continue;
      await page.screenshot({ path: `${base}${i ? `-${i + 1}` : ''}.png`, fullPage: true, timeout: 5_000 }).catch(() => {});
    }
    const servers = this.servers.map((server, i) => `\n== the test's server ${i + 1}\n${server.log()}`);
    const text = [`${name}\n`, String(error?.stack ?? error), '\n== the pages', ...this.log, '\n== the server', serverLog, ...servers].join('\n');
    await writeFile(`${base}.log`, text);
    return base;
  }

  async close() {
    for (const context of this.contexts) await context.close().catch(() => {});
    for (const server of this.servers) await server.stop();
    for (const dir of this.dirs) await rm(dir, { recursive: true, force: true });
  }
}

function timeLimit(ms) {
  let timer;
  const promise = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s`)), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

async function main() {
  const wanted = process.argv.slice(2);
  const chosen = tests.filter((t) => !wanted.length || wanted.some((w) => t.name.includes(w)));
  if (!chosen.length) {
    console.error(`no test's name has ${wanted.join(' or ')}`);
    return 2;
  }
  const began = Date.now();
  await rm(OUT, { recursive: true, force: true });
  // The server reads Alquerque's endgame tables up to three pieces (built
  // here, in under a second) and its proof, for the analysis board; its
  // analyses stop after a while even if a page forgets to.
  tablesBuilt = await buildTables('alquerque', 3).catch((error) => {
    tablesMissing = error.message.replace(/\s+/g, ' ').trim().slice(0, 300);
    return null;
  });
  const server = await startServer({
    extra: ['--analysis-seconds', '20'],
    env: { ALQUERQUE_PROOFS: path.join(root, 'proofs'), ...(tablesBuilt ? { ALQUERQUE_TABLEBASES: tablesBuilt.dir } : {}) },
  });
  let browser = null;
  let passed = 0;
  let failed = 0;
  try {
    browser = await launchBrowser();
    console.log(`browser tests: ${chosen.length} in Chromium ${browser.version()}, server at ${server.base}, SEED=${SEED}; ` +
      (tablesBuilt ? `Alquerque's tables up to 3 pieces built in ${tablesBuilt.seconds.toFixed(1)} s` : `no endgame tables: ${tablesMissing}`));
    for (const [i, { name, fn, timeout }] of chosen.entries()) {
      const run = new Run(browser, server.base, P.random(SEED * 1000 + tests.findIndex((t) => t.name === name)));
      const started = Date.now();
      const limit = timeLimit(timeout);
      let error = null;
      try {
        await Promise.race([fn(run), limit.promise]);
        if (run.errors.length) throw new Error(`the page threw: ${run.errors.map((e) => e.message).join('; ')}`);
      } catch (e) {
        error = e;
      } finally {
        limit.cancel();
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const notes = run.notes.length ? ` (${run.notes.join('; ')})` : '';
      if (!error) {
        passed++;
        console.log(`ok   ${i + 1}. ${name} ${seconds} s${notes}`);
      } else {
        failed++;
        const evidence = await run.keepEvidence(name, error, server.log());
        console.log(`FAIL ${i + 1}. ${name} ${seconds} s${notes}\n     ${String(error.message).split('\n').join('\n     ')}\n     screenshots and console log: ${path.relative(process.cwd(), evidence)}*`);
      }
      await run.close();
    }
  } finally {
    if (browser) await browser.close().catch(() => {});
    await server.stop();
    if (tablesBuilt) await rm(tablesBuilt.dir, { recursive: true, force: true });
  }
  console.log(`in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

// Interrupted: the servers stop (their data directories go), then the
// runner; Playwright closes the browser it launched.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopAll().finally(() => process.exit(130)));

main().then((code) => { process.exitCode = code; }, (error) => {
  console.error(`browser tests could not run: ${error.stack ?? error}`);
  process.exitCode = 1;
});
