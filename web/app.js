// The page: the game's state from the server (and its server-sent events),
// the board, the picker, the panel, the buttons and the keys. The server
// decides every rule; this only shows what it says and sends the clicks.

import { BoardView, parsePosition } from './board.js';
import { Picker } from './picker.js';
import { api as request } from './api.js';

const $ = (id) => document.getElementById(id);
// A sentence's first letter in capitals, unless it is a point's name.
const capital = (s) => (!s || /^[a-z]\d+\b/.test(s) ? s : s[0].toUpperCase() + s.slice(1));
// A message as a sentence: a capital first, a full stop last.
const sentence = (s) => {
  const text = capital(String(s ?? '').trim());
  return !text || /[.!?…:]$/.test(text) ? text : `${text}.`;
};
const other = (side) => (side === 'white' ? 'black' : 'white');
// The removal before a move: a claim (P6) in Peralikatuma, a huff (F4) in
// the family's games that have one.
const removal = (state) => ({ verb: state.removal_rule === 'F4' ? 'huff' : 'take' });
// Whether the side to move may pass (F6): the page's list holds a turn
// with no path.
const passes = (state) => state.your_turn && state.turns.some((turn) => !turn.path.length);
const list = (names) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`);

const app = {
  id: null,
  state: null,
  online: true, // whether the server can be reached
  pending: null, // a turn not sent for want of the server: { body, number }
  events: null,
  board: null,
  geometry: new Map(),
  picker: null,
  review: null, // the ply shown while reviewing, or null
  hint: null,
  flipped: null, // null: as the seat plays
  busy: false,
  warnForfeit: localStorage.getItem('warn-forfeit') !== 'no',
};

// --- talking to the server ---------------------------------------------

// A request to the server (api.js); a failure to reach it is also said
// by the connection banner.
async function api(method, path, body) {
  try {
    return await request(method, path, body);
  } catch (error) {
    if (error.offline) setOnline(false);
    throw error;
  }
}

async function geometry(variant) {
  if (!app.geometry.has(variant)) app.geometry.set(variant, await api('GET', `/api/boards/${variant}`));
  return app.geometry.get(variant);
}

// Sends a change; the answer is the game's new state (or holds it). A
// turn that cannot reach the server is kept and sent when it is back; any
// other change is reported as not done.
async function act(path, body = {}) {
  if (app.busy) return null;
  app.busy = true;
  const sent = { number: app.state.number, ...body };
  try {
    const data = await api('POST', `/api/games/${app.id}/${path}`, sent);
    apply(data.state ?? data);
    return data;
  } catch (error) {
    if (error.offline && path === 'turn') {
      app.pending = sent;
      say(`Not sent yet: the server cannot be reached. ${sent.turn} will be sent when it is back.`, true);
    } else if (error.offline) {
      say('Not done: the server cannot be reached. Try again when it is back.', true);
    } else {
      say(error.message, true);
      if (error.data?.error === 'stale') reload();
    }
    return null;
  } finally {
    app.busy = false;
  }
}

async function reload() {
  apply(await api('GET', `/api/games/${app.id}`));
}

// The connection: a banner while the server cannot be reached (the clocks
// then show as paused), gone when it answers again.
function setOnline(online) {
  if (app.online === online) return;
  app.online = online;
  $('connection').hidden = online;
  showClocks();
  if (online) resend();
}

// Sends the turn kept while the server could not be reached, if the game
// still stands where it was chosen.
async function resend() {
  const pending = app.pending;
  app.pending = null;
  if (!pending || !app.state) return;
  if (app.state.number !== pending.number) {
    say(`${pending.turn} was not sent: the game has changed since.`, true);
    return;
  }
  say(`Sending ${pending.turn}, chosen while the server could not be reached…`);
  app.busy = false;
  await act('turn', pending);
}

// Listens to the game's events: its state at once and after every change.
// The browser tries again by itself when the stream breaks; a stream the
// server closed for good (it restarted and lost nothing, but the browser
// gave up) is opened again after a while.
function listen() {
  if (app.events) app.events.close();
  const events = new EventSource(`/api/games/${app.id}/events`);
  app.events = events;
  events.addEventListener('state', (event) => {
    setOnline(true);
    apply(JSON.parse(event.data));
  });
  events.addEventListener('open', () => setOnline(true));
  events.addEventListener('error', () => {
    setOnline(false);
    if (events.readyState === EventSource.CLOSED) setTimeout(() => app.events === events && listen(), 2000);
  });
}

// --- messages ----------------------------------------------------------

// Shows `text` (an error in red, its first letter in capitals); a rule cited
// as "(R2.1)" links to the rule.
function say(text, error = false) {
  text = sentence(text);
  const message = $('message');
  message.className = error ? 'error' : '';
  message.replaceChildren();
  const parts = String(text).split(/\(([RPAMENTF]\d+(?:\.\d+)?)\)/);
  parts.forEach((part, i) => {
    if (i % 2 === 0) { message.append(part); return; }
    const link = document.createElement('a');
    link.href = `#rule-${part.toLowerCase()}`;
    link.textContent = part;
    link.onclick = (event) => { event.preventDefault(); showRules(part.toLowerCase()); };
    message.append('(', link, ')');
  });
}

function confirmDialog(text, offerStop = false) {
  const dialog = $('d-confirm');
  $('d-confirm-text').textContent = text;
  $('d-confirm-stop').hidden = !offerStop;
  $('d-confirm-never').checked = false;
  dialog.returnValue = '';
  dialog.showModal();
  $('d-confirm-yes').focus();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      if (offerStop && $('d-confirm-never').checked) setWarnForfeit(false);
      resolve(dialog.returnValue === 'yes');
    }, { once: true });
  });
}

function setWarnForfeit(on) {
  app.warnForfeit = on;
  localStorage.setItem('warn-forfeit', on ? 'yes' : 'no');
  $('warn-forfeit').checked = on;
}

// --- the state ---------------------------------------------------------

// Whether the board is best turned round for the seat: the side it plays
// (White for two players at one screen and for onlookers) starts at the
// top, as Black does on most boards and White does in Kharbaga.
function homeAtTop(state) {
  const side = state.sides.length === 1 ? state.sides[0] : 'white';
  const count = { white: 0, black: 0 };
  const total = { white: 0, black: 0 };
  for (const [name, piece] of parsePosition(state.positions[0]).pieces) {
    count[piece.side] += 1;
    total[piece.side] += Number(name.slice(1));
  }
  if (!count.white || !count.black) return side === 'black';
  const height = (s) => total[s] / count[s];
  return height(side) > height(other(side));
}

function apply(state) {
  const previous = app.state;
  // An answer overtaken by an event (or the other way round) is dropped.
  if (previous && state.version < previous.version) return;
  const moved = !previous || previous.number !== state.number || previous.position !== state.position ||
    previous.outcome?.result !== state.outcome?.result;
  app.state = state;
  if (moved) {
    app.hint = null;
    app.picker = null;
    if (app.review !== null && app.review > state.number) app.review = null;
  }
  if (!app.picker) {
    const own = new Set([...parsePosition(state.position).pieces]
      .filter(([, piece]) => piece.side === state.side_to_move).map(([name]) => name));
    app.picker = new Picker(state, own);
  }
  if (app.flipped === null) app.flipped = homeAtTop(state);
  const mover = other(state.side_to_move);
  if (previous && state.number === previous.number + 1 && state.last && !state.sides.includes(mover)) {
    const last = state.last;
    say(last.claim ? `${capital(mover)} ${removal(state).verb}s the piece on ${last.claim} (${state.removal_rule}) and plays ${last.text}.` : `${capital(mover)} plays ${last.text}.`);
  }
  const alone = state.sides.length === 1 ? state.sides[0] : null;
  // A draw this seat offered, gone with no turn played and no end: the friend declined it.
  const offered = previous?.draw_offer;
  if (offered && !state.draw_offer && !state.outcome && state.number === previous.number && alone === offered) {
    say('Your friend declines the draw: the game goes on.');
  }
  // A take-back asked between two devices: asked, declined or accepted.
  const asked = previous?.takeback_offer;
  if (!asked && state.takeback_offer && alone && alone !== state.takeback_offer) {
    say('Your friend asks to take back their last turn: accept or decline.');
  }
  if (asked && !state.takeback_offer && alone) {
    const back = previous.number - state.number;
    const turns = back === 1 ? 'the last turn' : `the last ${back} turns`;
    if (back > 0) say(alone === asked ? `Your friend accepts: ${turns} taken back. Your move.` : `Taken back: ${turns}.`);
    else if (state.number === previous.number) say(alone === asked ? 'Your friend declines the take-back: the game goes on.' : 'You decline the take-back: the game goes on.');
  }
  if (state.outcome && (!previous || !previous.outcome)) say(`Game over: ${state.outcome.text}.`);
  geometry(state.variant).then((g) => {
    if (!app.board || app.board.geometry !== g) app.board = new BoardView($('board'), g, pick);
    render();
  });
  panel();
}

// The clocks (T1): the times of the last state, the running one counted
// down here until the next; the server alone decides that a time ran out (T2).
function showTime(ms) {
  const total = Math.max(0, ms);
  const seconds = Math.floor(total / 1000);
  const [h, m, sec] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const two = (n) => String(n).padStart(2, '0');
  if (h > 0) return `${h}:${two(m)}:${two(sec)}`;
  if (seconds < 10) return `${m}:${two(sec)}.${Math.floor(total % 1000 / 100)}`;
  return `${m}:${two(sec)}`;
}

function showClocks() {
  const clock = app.state?.clock;
  $('clocks').hidden = !clock;
  if (!clock) return;
  // While the server cannot be reached, the clocks show the times it last
  // gave, paused: it alone keeps the time.
  const since = app.online ? performance.now() - app.clockAt : 0;
  for (const side of ['white', 'black']) {
    const running = clock.running === side;
    const left = clock[`${side}_ms`] - (running ? since : 0);
    const shown = $(`clock-${side}`);
    shown.textContent = `${capital(side)} ${showTime(left)}${running && !app.online ? ' (paused)' : ''}`;
    shown.className = (running ? 'running' : '') + (left < 10000 ? ' low' : '') + (app.online ? '' : ' paused');
    shown.title = `${capital(side)}'s time left on a clock of ${clock.control} (minutes + seconds a turn)`;
  }
}

function panel() {
  const s = app.state;
  app.clockAt = performance.now();
  showClocks();
  if (s.clock && !app.clockTimer) app.clockTimer = setInterval(showClocks, 100);
  document.title = `${s.name} – ${s.status}`;
  $('title').textContent = s.name;
  $('status').textContent = s.status;
  $('thinking').hidden = !s.thinking;
  $('players').textContent = s.opponent === 'human' ? 'Two players at this screen.' : `White: ${s.players.white} · Black: ${s.players.black}`;
  const lost = (n) => `${n} piece${n === 1 ? '' : 's'}`;
  $('counts').textContent = `Captured: White has lost ${lost(s.captured.white)}, Black ${lost(s.captured.black)}. ` +
    `Turns without a capture: ${s.quiet_turns} of ${s.quiet_limit} (E4).`;
  const advice = [];
  if (s.your_turn && s.claim_advice) advice.push(`${capital(s.claim_advice)}. Click the marked piece to ${removal(s).verb} it, then move.`);
  if (s.your_turn && passes(s)) advice.push('You have no move: press Pass (F6).');
  if (s.your_turn && s.capturers.length) advice.push(`Can capture: ${s.capturers.join(', ')}.`);
  if (s.your_turn && s.no_return) advice.push(s.no_return + '.');
  if (s.your_turn && !s.turns_complete) advice.push(`This position has ${s.turns_total} turns; the board offers the first ${s.turns.length}: type any other.`);
  $('advice').hidden = !advice.length;
  $('advice').textContent = advice.join(' ');
  $('brief-title').textContent = `${s.name}: the rules in brief`;
  if ($('brief-list').dataset.game !== s.variant) {
    $('brief-list').dataset.game = s.variant;
    $('brief-list').replaceChildren(...s.brief.map((line) => {
      const item = document.createElement('li');
      item.textContent = line;
      return item;
    }));
  }

  const offered = s.draw_offer && !s.outcome;
  const toMe = offered && s.sides.includes(other(s.draw_offer)) && !s.sides.includes(s.draw_offer);
  $('offer').hidden = !offered;
  $('offer-text').textContent = offered ? `${capital(s.draw_offer)} offers a draw.` : '';
  $('b-accept').hidden = !toMe;
  $('b-decline').hidden = !toMe;

  const asked = s.takeback_offer && !s.outcome;
  const askedOfMe = asked && s.sides.includes(other(s.takeback_offer)) && !s.sides.includes(s.takeback_offer);
  $('takeback').hidden = !asked;
  $('takeback-text').textContent = !asked ? '' : askedOfMe
    ? `${capital(s.takeback_offer)} asks to take back their last turn.`
    : 'You asked to take back your last turn: waiting for your friend\'s answer.';
  $('b-tb-accept').hidden = !askedOfMe;
  $('b-tb-decline').hidden = !askedOfMe;

  const seated = s.sides.length > 0;
  const live = !s.outcome;
  $('b-undo').disabled = !s.can_undo;
  $('b-undo').textContent = s.opponent === 'friend' ? 'Ask to undo' : 'Undo';
  $('b-redo').disabled = !seated || !s.can_redo;
  $('b-hint').disabled = !s.your_turn;
  $('b-draw').disabled = !seated || !live;
  $('b-resign').disabled = !seated || !live;
  $('b-report').hidden = live;
  $('typed').hidden = !seated;
  $('b-pass').hidden = !passes(s);
  moveList();
}

function moveList() {
  const s = app.state;
  const items = [];
  const blackFirst = s.first === 'black';
  let item = null;
  s.moves.forEach((move, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    const number = Math.floor(ply / 2) + 1;
    if (ply % 2 === 0 || !item) {
      item = document.createElement('li');
      item.value = number;
      items.push(item);
      if (ply % 2 === 1) item.append('… ');
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = move.text;
    button.dataset.ply = i + 1;
    button.title = `Show the position after ${number}${ply % 2 ? '…' : '.'} ${move.text}`;
    if (app.review === i + 1) button.className = 'current';
    button.onclick = () => setReview(i + 1);
    item.append(button, ' ');
  });
  const moves = $('moves');
  const atEnd = moves.scrollTop + moves.clientHeight >= moves.scrollHeight - 4;
  moves.replaceChildren(...items);
  if (app.review === null && atEnd) moves.scrollTop = moves.scrollHeight;
  const reviewing = app.review !== null;
  $('review').hidden = !reviewing;
  if (reviewing) {
    $('review-text').textContent = app.review === 0
      ? 'Reviewing: the start. Changes nothing; ← → step, End or Esc to go back.'
      : `Reviewing: after ${s.moves[app.review - 1].text} (turn ${app.review} of ${s.number}). Changes nothing; ← → step, End or Esc to go back.`;
  }
}

function setReview(ply) {
  const s = app.state;
  app.review = ply === null || ply >= s.number ? null : Math.max(0, ply);
  moveList();
  render();
}

// --- the board ---------------------------------------------------------

function render() {
  if (!app.board) return;
  const s = app.state;
  app.board.flipped = app.flipped;
  if (app.review !== null) {
    const shown = parsePosition(s.positions[app.review]);
    const last = app.review > 0 ? s.moves[app.review - 1] : null;
    app.board.draw(shown.pieces, { last: last?.path });
    return;
  }
  const { pieces } = parsePosition(s.position);
  const p = app.picker;
  const marks = { last: s.last?.path, hint: app.hint?.path };
  if (s.your_turn) {
    p.mark(pieces, marks, s.claimable);
    if (p.from === null) marks.capturers = new Set(s.capturers);
  }
  app.board.draw(pieces, marks);
  const chain = p.from !== null && p.landings.length > 0;
  $('chain').hidden = !chain;
  $('b-stop').disabled = !(chain && p.endsHere() && p.goesOn());
}

async function pick(point) {
  const s = app.state;
  if (app.review !== null) { say('Reviewing: press End or Esc to go back to the game.'); return; }
  if (s.outcome) { say(`The game is over (${s.outcome.text}). Start a new game, or undo.`, true); return; }
  if (!s.sides.length) { say('You are watching this game: only its players can move.', true); return; }
  if (!s.your_turn) {
    say(s.thinking ? 'Wait: the machine is thinking.' : `It is ${capital(s.side_to_move)}'s turn: wait for your friend.`, true);
    return;
  }
  const result = app.picker.click(point);
  if (result.kind === 'changed') say(result.message);
  else if (result.kind === 'refused') say(result.message, true);
  else if (result.kind === 'turn') await play(result.turn);
  else if (result.kind === 'explain') {
    try {
      const answer = await api('POST', `/api/games/${app.id}/explain`, { claim: result.claim, path: result.path });
      say(capital(answer.message || 'That is not a legal turn.'), true);
    } catch (error) {
      say(error.message, true);
    }
  }
  render();
}

// Plays `turn` (from the list of legal turns), after the forfeit warning.
async function play(turn) {
  const s = app.state;
  if (turn.forfeits?.length && app.warnForfeit) {
    const mover = capital(s.side_to_move);
    const pieces = turn.forfeits.length === 1 ? `your piece on ${turn.forfeits[0]}` : `one of your pieces on ${list(turn.forfeits)}`;
    const yes = await confirmDialog(
      `${turn.text} leaves a capture untaken: ${capital(other(s.side_to_move))} may then ${removal(s).verb} ${pieces} ` +
      `before moving (${s.removal_rule}). Play it anyway, ${mover}?`, true);
    if (!yes) {
      app.picker.reset();
      say('Not played: pick another turn.');
      render();
      return;
    }
  }
  say(`You play ${turn.text}.`);
  await act('turn', { turn: turn.text });
}

// --- the buttons -------------------------------------------------------

async function typed(event) {
  event.preventDefault();
  const text = $('typed-turn').value.trim();
  if (!text || !app.state) return;
  const known = app.state.turns.find((t) => t.text === text);
  if (known) await play(known);
  else await act('turn', { turn: text });
  if (app.state.number > 0 && !$('message').classList.contains('error')) $('typed-turn').value = '';
}

async function undo() {
  const s = app.state;
  if (!s?.can_undo) return;
  if (s.opponent === 'friend') {
    if (await act('takeback')) say('You ask your friend to take back your last turn.');
    return;
  }
  const declared = !s.outcome?.declared ? null : s.outcome.winner ? 'the resignation' : 'the agreed draw';
  if (!await act('undo')) return;
  const back = s.number - app.state.number;
  if (declared && back === 0) say(`Took back ${declared}.`);
  else say(back > 1 ? `Took back the last ${back} turns.` : 'Took back the last turn.');
}

async function answerTakeback(accept) {
  try {
    apply(await api('POST', `/api/games/${app.id}/takeback/${accept ? 'accept' : 'decline'}`, {}));
  } catch (error) {
    say(error.offline ? 'Not done: the server cannot be reached. Try again when it is back.' : error.message, true);
  }
}

async function redo() {
  if (await act('redo')) say('Played again what was taken back.');
}

async function hint() {
  if (!app.state?.your_turn) return;
  say('Thinking about a hint…');
  try {
    const answer = await api('POST', `/api/games/${app.id}/hint`);
    if (answer.number !== app.state.number) return;
    app.hint = answer.turn;
    say(`Hint: ${answer.turn.text} (shown on the board).`);
    render();
  } catch (error) {
    say(error.message, true);
  }
}

async function offerDraw() {
  const s = app.state;
  if (!s.sides.length || s.outcome) return;
  if (s.opponent === 'human') {
    const side = capital(s.side_to_move);
    if (!await confirmDialog(`${side} offers a draw. ${capital(other(s.side_to_move))}, do you accept?`)) {
      say('The draw is declined: the game goes on.');
      return;
    }
  } else if (s.draw_offer && s.sides.includes(other(s.draw_offer))) {
    // accepting the friend's offer
  } else if (!await confirmDialog('Offer a draw?')) {
    return;
  }
  const answer = await act('draw');
  if (answer?.message) say(answer.message);
}

async function declineDraw() {
  try {
    apply(await api('POST', `/api/games/${app.id}/draw/decline`, {}));
    say('You decline the draw: the game goes on.');
  } catch (error) {
    say(error.message, true);
  }
}

async function resign() {
  const s = app.state;
  if (!s.sides.length || s.outcome) return;
  const side = s.sides.includes(s.side_to_move) ? s.side_to_move : s.sides[0];
  if (await confirmDialog(`Resign the game as ${capital(side)}?`)) await act('resign');
}

function save() {
  if (!app.id) return;
  const link = document.createElement('a');
  link.href = `/api/games/${app.id}/record`;
  link.download = `${app.state.variant}-${app.id}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
}

function flip() {
  app.flipped = !app.flipped;
  render();
}

// What the server says of itself (its addresses on the network, whether
// it listens only on this computer), asked once.
let serverInfo = null;
async function server() {
  serverInfo ??= api('GET', '/api/server').catch((error) => { serverInfo = null; throw error; });
  return serverInfo;
}

const loopback = (host) => host === 'localhost' || host === '[::1]' || /^127\./.test(host);

async function invite() {
  if (!app.state) return;
  const s = app.state;
  const owner = s.seat === 'owner';
  const friend = s.opponent === 'friend';
  let info = { loopback_only: false, addresses: [] };
  try {
    info = await server();
  } catch {
    // Without it the link is built from this page's address alone.
  }
  // A page opened as localhost names this computer only: a friend needs
  // its address on the network.
  const origin = loopback(location.hostname) && info.addresses.length ? info.addresses[0] : location.origin;
  let text;
  let path = `/games/${app.id}`;
  if (friend && owner && s.invite) {
    text = `Send this link to your friend, who then plays ${capital(other(s.colour))} on their own device. ` +
      'It is good once: the first device to open it takes the seat; any other that opens it later only watches.';
    path = s.invite;
  } else if (friend && owner) {
    text = `Your friend has taken the ${capital(other(s.colour))} seat. This link shows the game to watch. ` +
      'If your friend needs to join from another device, make a new invitation: the old link stops working, ' +
      'and the device that opens the new one takes the seat.';
  } else if (friend) {
    text = 'This game is played between two devices. This link shows it to watch:';
  } else {
    text = 'This game has no second seat (start a new game against "A friend on another device" for one). This link shows it to watch:';
  }
  const link = origin + path;
  $('d-invite-text').textContent = text;
  $('d-invite-link').value = link;
  $('d-invite-said').textContent = '';
  const qr = $('d-invite-qr');
  qr.src = `/qr.svg?text=${encodeURIComponent(link)}`;
  qr.hidden = false;
  $('b-invite-new').hidden = !(friend && owner);
  const reach = $('d-invite-reach');
  if (info.loopback_only) {
    reach.textContent = 'This server listens only on this computer, so no other device can open the link. ' +
      'To let your friend in, start it again listening on your network: ' +
      'cargo run --release --example serve -- --bind 0.0.0.0 ; then open this page by this computer\'s address on the network.';
  } else if (loopback(location.hostname) && info.addresses.length) {
    reach.textContent = `This page is open as ${location.hostname}, which names this computer only: ` +
      `the link uses its address on your network, ${info.addresses[0]}` +
      (info.addresses.length > 1 ? ` (others: ${info.addresses.slice(1).join(', ')}).` : '.');
  } else {
    reach.textContent = '';
  }
  reach.hidden = !reach.textContent;
  const dialog = $('d-invite');
  if (!dialog.open) dialog.showModal();
  $('d-invite-link').select();
}

async function newInvite() {
  try {
    const answer = await api('POST', `/api/games/${app.id}/invite`, {});
    apply(answer.state);
    await invite();
    $('d-invite-said').textContent = 'A new invitation: the old link no longer works.';
  } catch (error) {
    $('d-invite-said').textContent = sentence(error.message);
  }
}

async function copy(text, said) {
  try {
    await navigator.clipboard.writeText(text);
    said.textContent = 'Copied.';
  } catch {
    said.textContent = 'Select the text and copy it (Ctrl-C).';
  }
}

function copyPosition() {
  if (!app.state) return;
  const text = app.review === null ? app.state.position : app.state.positions[app.review];
  $('d-copy-text').value = text;
  $('d-copy-said').textContent = '';
  $('d-copy').showModal();
  $('d-copy-text').select();
  copy(text, $('d-copy-said'));
}

// Opens the analysis board on the game's start and turns, at the turn
// shown (the one reviewed, else the last), or with its game report
// (`report`: at the end, the report started at once); without a game,
// on its own.
function analyse({ report = false } = {}) {
  const s = app.state;
  if (!s) {
    location.href = '/analysis';
    return;
  }
  const encode = (value) => encodeURIComponent(value).replace(/%3A/g, ':').replace(/%3B/g, ';').replace(/%2C/g, ',');
  const query = [`variant=${encode(s.variant)}`, `position=${encode(s.positions[0])}`];
  if (s.moves.length) query.push(`turns=${encode(s.moves.map((m) => m.text).join(';'))}`);
  if (app.review !== null && !report) query.push(`ply=${app.review}`);
  query.push(`game=${encode(app.id)}`);
  if (report) query.push('report=1');
  location.href = `/analysis?${query.join('&')}`;
}

function newGame() {
  const form = $('new-form');
  const s = app.state;
  if (s) {
    form.variant.value = s.variant;
    form.opponent.value = s.opponent;
    form.colour.value = s.colour;
    form.first.value = s.first;
    const control = s.clock?.control ?? '';
    if (control && ![...form.clock.options].some((o) => o.value === control)) {
      form.clock.add(new Option(`${control} (this game's)`, control));
    }
    form.clock.value = control;
  }
  newOpponent();
  $('d-new').showModal();
}

function newOpponent() {
  $('new-colour').hidden = $('new-opponent').value === 'human';
}

async function load(event) {
  event.preventDefault();
  const file = $('load-file').files[0];
  if (!file) return;
  const form = $('load-form');
  try {
    const record = await file.text();
    const created = await api('POST', '/api/games', { record, opponent: form.opponent.value, colour: form.colour.value, clock: form.clock.value });
    if (created.fault) sessionStorage.setItem('said', `Loaded up to a fault: ${created.fault}`);
    else sessionStorage.setItem('said', `Loaded ${created.state.number} turns: review them from the move list, or play on.`);
    location.href = created.url;
  } catch (error) {
    $('d-load').close();
    say(error.message, true);
  }
}

// --- the rules ---------------------------------------------------------

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function inline(text) {
  return escape(text)
    .replace(/&lt;a id=&quot;([\w.]+)&quot;&gt;&lt;\/a&gt;/g, '<a id="rule-$1"></a>')
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(#([\w.]+)\)/g, '<a href="#rule-$2" data-rule="$2">$1</a>')
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1');
}

// A simple rendering of the rule document's Markdown: headings,
// paragraphs, lists, quotes, code blocks and tables (as text).
function markdown(text) {
  const out = [];
  const lines = text.split('\n');
  let paragraph = [];
  const flush = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('```')) {
      flush();
      const code = [];
      while (++i < lines.length && !lines[i].startsWith('```')) code.push(lines[i]);
      out.push(`<pre>${escape(code.join('\n'))}</pre>`);
    } else if (/^#{1,6} /.test(line)) {
      flush();
      const level = Math.min(line.indexOf(' ') + 1, 6);
      out.push(`<h${level}>${inline(line.slice(level))}</h${level}>`);
    } else if (line.startsWith('|')) {
      flush();
      const rows = [line];
      while (i + 1 < lines.length && lines[i + 1].startsWith('|')) rows.push(lines[++i]);
      out.push(`<pre>${escape(rows.join('\n'))}</pre>`);
    } else if (/^\s*- /.test(line)) {
      flush();
      const items = [];
      while (i < lines.length && lines[i].trim()) {
        if (/^\s*- /.test(lines[i])) items.push(lines[i].replace(/^\s*- /, ''));
        else items[items.length - 1] += ' ' + lines[i].trim();
        i++;
      }
      out.push(`<ul>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`);
    } else if (line.startsWith('> ')) {
      flush();
      out.push(`<blockquote>${inline(line.slice(2))}</blockquote>`);
    } else if (!line.trim()) {
      flush();
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  return out.join('\n');
}

async function showRules(anchor) {
  const article = $('rules-text');
  if (!article.childElementCount) {
    const text = await (await fetch('/rules.md')).text();
    article.innerHTML = markdown(text);
    article.onclick = (event) => {
      const link = event.target.closest('a[data-rule]');
      if (!link) return;
      event.preventDefault();
      document.getElementById(`rule-${link.dataset.rule}`)?.scrollIntoView();
    };
  }
  $('d-rules').showModal();
  const target = anchor && document.getElementById(`rule-${anchor}`);
  if (target) target.scrollIntoView();
  else article.parentElement.scrollTop = 0;
}

// --- keys --------------------------------------------------------------

function stepBack() {
  const s = app.state;
  const p = app.picker;
  if (app.review === null && p && (p.claim !== null || p.from !== null)) {
    p.back();
    say('Took back the last pick.');
    render();
  } else if (app.review !== null) {
    setReview(null);
  }
  return s;
}

function key(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (document.querySelector('dialog[open]')) return;
  if (event.target.closest('input, select, textarea')) {
    if (event.key === 'Escape') event.target.blur();
    return;
  }
  const s = app.state;
  const actions = {
    g: () => { location.href = '/'; }, n: newGame, u: undo, r: redo, h: hint, d: offerDraw, x: resign, s: save, l: () => $('d-load').showModal(),
    f: flip, i: invite, c: copyPosition, a: () => analyse(), R: () => s?.outcome && analyse({ report: true }), '?': () => showRules(s?.family ? 'f' : undefined), k: () => $('d-keys').showModal(),
    t: () => $('typed-turn').focus(), Escape: stepBack,
    ArrowLeft: () => s && setReview((app.review ?? s.number) - 1),
    ArrowRight: () => s && app.review !== null && setReview(app.review + 1),
    Home: () => s && setReview(0),
    End: () => setReview(null),
  };
  const action = actions[event.key];
  if (!action || (!s && !'gnl?ka'.includes(event.key))) return;
  event.preventDefault();
  action();
}

// --- start -------------------------------------------------------------

function wire() {
  const on = (id, handler) => $(id).addEventListener('click', handler);
  on('b-new', newGame);
  on('b-home-new', newGame);
  on('b-undo', undo);
  on('b-redo', redo);
  on('b-hint', hint);
  on('b-draw', offerDraw);
  on('b-resign', resign);
  on('b-save', save);
  on('b-load', () => $('d-load').showModal());
  on('b-flip', flip);
  on('b-invite', invite);
  on('b-copy', copyPosition);
  on('b-analyse', () => analyse());
  on('b-report', () => analyse({ report: true }));
  on('b-rules', () => showRules(app.state?.family ? 'f' : undefined));
  on('b-pass', () => { const t = app.state?.turns.find((turn) => !turn.path.length); if (t) play(t); });
  on('b-keys', () => $('d-keys').showModal());
  on('b-accept', offerDraw);
  on('b-decline', declineDraw);
  on('b-tb-accept', () => answerTakeback(true));
  on('b-tb-decline', () => answerTakeback(false));
  on('b-invite-new', newInvite);
  on('b-live', () => setReview(null));
  on('b-stop', () => { const t = app.picker?.endsHere(); if (t) play(t); });
  on('b-back', stepBack);
  on('b-invite-copy', () => copy($('d-invite-link').value, $('d-invite-said')));
  $('new-opponent').addEventListener('change', newOpponent);
  $('typed').addEventListener('submit', typed);
  $('load-form').addEventListener('submit', load);
  $('warn-forfeit').checked = app.warnForfeit;
  $('warn-forfeit').addEventListener('change', (event) => setWarnForfeit(event.target.checked));
  for (const button of document.querySelectorAll('dialog .close')) {
    button.addEventListener('click', () => button.closest('dialog').close());
  }
  document.addEventListener('keydown', key);
}

// --- your games (the first page) ----------------------------------------

const when = (seconds) => new Date(seconds * 1000).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

// One of this browser's games in the list: its name, against whom, the
// seat's side, how it stands, and when.
function gameItem(game) {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = game.url;
  link.textContent = game.name;
  const who = game.sides.length === 2 ? game.opponent : `against ${game.opponent} · you play ${capital(game.sides[0])}`;
  const standing = game.finished ? game.status : game.your_turn ? 'Your turn' : capital(game.status);
  const clock = game.clock ? `, on a clock of ${game.clock}` : '';
  const detail = document.createElement('span');
  detail.className = 'small';
  detail.textContent = ` ${who} · ${standing} · ${game.turns} turn${game.turns === 1 ? '' : 's'}${clock} · started ${when(game.created)}`;
  if (game.your_turn) item.className = 'your-turn';
  item.append(link, detail);
  return item;
}

// The first page: the games this browser holds a seat at (unfinished to go
// on with, finished to review) and a new game a click away. With none, the
// New game form opens at once.
async function home() {
  for (const id of ['play', 'panel']) $(id).hidden = true;
  $('home').hidden = false;
  $('title').textContent = 'Peralikatuma and the alquerque family';
  document.title = 'Your games – Peralikatuma';
  let games = [];
  try {
    games = await api('GET', '/api/my-games');
  } catch (error) {
    $('home-none').textContent = sentence(`Your games cannot be listed: ${error.message}`);
  }
  const open = games.filter((g) => !g.finished);
  const done = games.filter((g) => g.finished);
  $('home-open').replaceChildren(...open.map(gameItem));
  $('home-done').replaceChildren(...done.map(gameItem));
  $('home-open-list').hidden = !open.length;
  $('home-done-list').hidden = !done.length;
  $('home-none').hidden = games.length > 0;
  if (!games.length || location.hash === '#new') newGame();
}

// What the address's fragment says of an invitation just opened.
const INVITE_SAID = {
  'invite-taken': (s) => `You have taken the ${capital(s.sides[0] ?? '')} seat: this device plays it now.`,
  'invite-yours': () => 'This seat is yours on this device already.',
  'invite-own': () => 'This is the invitation for your friend: opening it here does not use it. Send it to them.',
  'invite-used': () => 'This invitation was used by another device, or the host has made a new one: you are watching the game.',
};

async function start() {
  wire();
  const match = location.pathname.match(/^\/games\/([\w-]+)$/);
  const gameButtons = ['b-undo', 'b-redo', 'b-hint', 'b-draw', 'b-resign', 'b-save', 'b-flip', 'b-invite', 'b-copy'];
  if (!match) {
    for (const id of gameButtons) $(id).hidden = true;
    await home();
    return;
  }
  app.id = match[1];
  const said = sessionStorage.getItem('said');
  sessionStorage.removeItem('said');
  const fragment = location.hash.slice(1);
  if (fragment) history.replaceState(null, '', location.pathname);
  try {
    apply(await api('GET', `/api/games/${app.id}`));
    if (INVITE_SAID[fragment]) say(INVITE_SAID[fragment](app.state));
    else if (said) say(said);
    else if (!app.state.sides.length) say('You are watching this game.');
    listen();
  } catch (error) {
    say(error.message, true);
    for (const id of gameButtons) $(id).disabled = true;
  }
}

start();
