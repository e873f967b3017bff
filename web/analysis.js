// The analysis board (/analysis): a line of any of the games from a link,
// a game's page, a pasted or uploaded position or record, or the position
// editor; its turns as a tree of variations; the engine's best lines as
// they deepen; the endgame tables' and the proof's verdicts. The server
// decides every rule (POST /api/analysis describes each position) and
// analyses (GET /api/analysis/events); this shows what it says. A game
// report of the main line is asked for by its panel (report.js).

import { BoardView, parsePosition } from './board.js';
import { Picker } from './picker.js';
import { api } from './api.js';
import { Tree } from './tree.js';
import { Engine } from './engine.js';
import { EditorPanel, Setup } from './editor.js';
import { GLYPHS, ReportPanel } from './report.js';
import { share } from './graph.js';

const $ = (id) => document.getElementById(id);
const capital = (s) => (!s || /^[a-z]\d+\b/.test(s) ? s : s[0].toUpperCase() + s.slice(1));
const sentence = (s) => {
  const text = capital(String(s ?? '').trim());
  return !text || /[.!?…:]$/.test(text) ? text : `${text}.`;
};
const make = (tag, attrs = {}, text = null) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
};

// How long the page waits on a new position before it asks for its
// analysis: stepping through a line quickly starts none on the way.
const SETTLE_MS = 150;

// How often the page asks again for a proof being read.
const PROOF_RETRY_MS = 2000;

const app = {
  variant: null, // the game's id
  name: '',
  family: false,
  kings: false,
  start: null, // the line's start (N3)
  games: new Map(), // each game's usual start (N3) and whether it has kings, once asked
  tree: null,
  node: null, // the position shown
  view: null, // the server's view of it, once it has answered
  asked: 0, // the last request for a view: older answers are dropped
  board: null,
  geometry: new Map(),
  picker: null,
  flipped: false,
  flippedFor: null, // the game the board was last turned for
  whiteHigh: false, // whether White starts on the high ranks (Kharbaga)
  game: null, // the game this analysis came from, if any
  gameTurns: null, // that game's turns as the board opened them (its main line then)
  record: null, // the record the line was opened from (a game's, or one pasted): its players' names for Save
  recordTurns: [], // its turns
  declared: null, // how that record's game ended by its players or its clock: { node, outcome }
  engineOn: localStorage.getItem('analysis-engine') !== 'off',
  lines: Math.min(5, Math.max(1, Number(localStorage.getItem('analysis-lines')) || 3)),
  engineTimer: null,
  proofTimer: null, // asks again for a proof being read
  setup: null, // the position being edited, in the editor
  setupVariant: null,
};

// --- talking to the server ---------------------------------------------

async function geometry(variant) {
  if (!app.geometry.has(variant)) app.geometry.set(variant, await api('GET', `/api/boards/${variant}`));
  return app.geometry.get(variant);
}

// The view of the line `turns` from the line's start.
const lineView = (turns) => api('POST', '/api/analysis', { variant: app.variant, position: app.start, turns });

// What the page needs of a game: its usual start (N3), whether it has
// kings, and its name.
async function game(variant) {
  if (!app.games.has(variant)) {
    const view = await api('POST', '/api/analysis', { variant });
    app.games.set(variant, { start: view.start, kings: view.kings, name: view.name });
  }
  return app.games.get(variant);
}

// --- messages ----------------------------------------------------------

function say(text, error = false) {
  const message = $('message');
  message.className = error ? 'error' : '';
  message.textContent = sentence(text);
}

// --- opening a line ----------------------------------------------------

// Opens the line `request` describes (POST /api/analysis: a variant and a
// position or a record, and turns; `view`, the server's answer, if it
// has been asked already): its turns are the main line, closed at its
// end (a turn played there starts a variation). Shows `line` (turns
// from the start: another line through the tree, a variation where it
// leaves the main line) at `ply` of it, or of the main line (its end if
// null). Throws the server's refusal.
async function open(request, { ply = null, line = null, view = null } = {}) {
  view ??= await api('POST', '/api/analysis', request);
  report.drop();
  app.variant = view.variant;
  app.name = view.name;
  app.family = view.family;
  app.kings = view.kings;
  app.start = view.start;
  const turns = view.moves.map((move) => move.text);
  app.record = request.record ?? null;
  app.recordTurns = turns;
  app.tree = new Tree(turns, { closed: true });
  const end = app.tree.root.end;
  app.tree.describe(end, view.positions, view.moves);
  app.declared = view.declared ? { node: end, outcome: view.declared } : null;
  let shown = turns;
  if (line && !app.tree.find(line)) {
    try {
      const known = await lineView(line);
      app.tree.describe(app.tree.playAll(app.tree.root, line), known.positions, known.moves);
      shown = line;
    } catch {
      // Not a line from this start: the main line's end is shown.
    }
  } else if (line) {
    shown = line;
  }
  const node = app.tree.find(ply === null ? shown : shown.slice(0, Math.max(0, ply))) ?? end;
  title(view.name);
  $('import-variant').value = view.variant;
  const info = await game(view.variant).catch(() => null);
  if (info && app.flippedFor !== view.variant) {
    app.flippedFor = view.variant;
    app.whiteHigh = whiteAtTop(info.start);
    app.flipped = app.whiteHigh;
    barSide();
  }
  await board(view.variant);
  await go(node, node === end ? view : null);
}

// The page's title: the game analysed (or edited).
function title(name, editing = false) {
  const said = editing ? `Edit position: ${name}` : `Analysis: ${name}`;
  $('title').textContent = said;
  document.title = `${said} – Peralikatuma`;
}

// Opens the game `app.game` on the server by its record (GET
// /api/games/{id}/record), its turns the main line, its players' names
// kept for Save and its end said where its players ended it; the link's
// line (`request`: its game, start and turns) shown in it at `ply`.
// False, having opened nothing, where the record cannot be had or its
// game is not the link's.
async function openGame(request, ply) {
  let text;
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(app.game)}/record`);
    if (!response.ok) return false;
    text = await response.text();
  } catch {
    return false;
  }
  const view = await api('POST', '/api/analysis', { record: text }).catch(() => null);
  if (!view || view.variant !== request.variant) return false;
  // The link's start as the server writes it.
  const start = request.position
    ? (await api('POST', '/api/analysis', { variant: view.variant, position: request.position }).catch(() => null))?.start
    : (await game(view.variant).catch(() => null))?.start;
  if (view.start !== start) return false;
  app.gameTurns = view.moves.map((move) => move.text);
  await open({ record: text }, { ply, line: request.turns ?? [], view });
  return true;
}

// Whether White starts at the top of the board (in Kharbaga): the board
// is then turned round, so that White plays up it as in the other games.
function whiteAtTop(start) {
  const count = { white: 0, black: 0 };
  const total = { white: 0, black: 0 };
  for (const [name, piece] of parsePosition(start).pieces) {
    count[piece.side] += 1;
    total[piece.side] += Number(name.slice(1));
  }
  if (!count.white || !count.black) return false;
  return total.white / count.white > total.black / count.black;
}

// The board for `variant`, drawn from its geometry.
async function board(variant) {
  const g = await geometry(variant);
  if (!app.board || app.board.geometry !== g) app.board = new BoardView($('board'), g, pick);
  return g;
}

// --- going to a position -----------------------------------------------

// Shows `node`: at once from what is known of it, then with the server's
// view (`known`, if given, is it already).
async function go(node, known = null) {
  app.node = node;
  app.view = null;
  app.picker = null;
  // What was said of the position before is not said of this one.
  $('verdicts').hidden = true;
  engineRestart();
  tree();
  link();
  render();
  const asked = ++app.asked;
  let view = known;
  if (!view) {
    try {
      view = await lineView(node.line);
    } catch (error) {
      if (asked !== app.asked) return;
      say(error.message, true);
      return;
    }
  }
  if (asked !== app.asked) return;
  app.tree.describe(node, view.positions, view.moves);
  app.view = view;
  const own = new Set([...parsePosition(view.position).pieces]
    .filter(([, piece]) => piece.side === view.side_to_move).map(([name]) => name));
  const claims = [...new Set(view.turns.map((turn) => turn.claim).filter(Boolean))];
  app.picker = new Picker({
    turns: view.turns,
    removal_rule: view.family ? 'F4' : 'P6',
    family: view.family,
    claimable: claims,
    side_to_move: view.side_to_move,
  }, own);
  status();
  verdicts();
  tree();
  render();
  if (view.outcome) over(view);
}

// A position where the game is over: nothing to analyse; the bar and the
// evaluation say how it ended.
function over(view) {
  engine.stop();
  clearTimeout(app.engineTimer);
  clearEngine(view.status);
  bar({ white: 1000, black: -1000 }[view.outcome.winner] ?? 0);
  engineButton();
}

// The end the game's record declared, where the position shown is the
// one it stopped in (a resignation, an agreed draw, a loss on time).
const declaredHere = () => (app.declared && app.declared.node === app.node ? app.declared.outcome : null);

function status() {
  const view = app.view;
  const declared = declaredHere();
  $('status').textContent = declared ? `${declared.result}: ${declared.text}` : view.status;
  const quiet = `Turns without a capture: ${view.quiet_turns} of ${view.quiet_limit} (E4).`;
  const stood = `The game ended here with ${capital(view.side_to_move)} to move: the engine analyses the position as it stood. ${quiet}`;
  $('quiet').textContent = view.outcome ? '' : declared ? stood : quiet;
  $('b-pass').hidden = !view.turns.some((turn) => !turn.path.length);
  if (view.outcome) say(`The game is over here: ${view.outcome.text}. Step back to try another turn.`);
}

// Steps: back, forward (along the line shown), the start, the end.
const back = () => app.node?.parent && go(app.node.parent);
const forward = () => app.node?.children.length && go(app.node.children[0]);
const toStart = () => app.tree && go(app.tree.root);
const toEnd = () => app.node && go(app.node.end);

// The other line from the same position: the sibling before or after.
function sideways(by) {
  const node = app.node;
  if (!node?.parent) return;
  const siblings = node.parent.children;
  const next = siblings[siblings.indexOf(node) + by];
  if (next) go(next);
}

// Plays `texts` from the position shown: the turns the tree has are
// followed, the others make a variation.
function playLine(texts) {
  if (!texts.length || app.setup) return;
  go(app.tree.playAll(app.node, texts));
}

function deleteVariation() {
  if (app.setup) return;
  const parent = app.tree && app.tree.remove(app.node);
  if (!parent) return;
  say('Deleted the variation.');
  go(parent);
}

function promote() {
  if (app.setup || !app.tree?.promote(app.node)) return;
  say('This line is now the one it branched off.');
  tree();
  link();
}

// --- the board ---------------------------------------------------------

function render() {
  if (!app.board) return;
  app.board.flipped = app.flipped;
  if (app.setup) {
    app.board.draw(app.setup.pieces);
    $('chain').hidden = true;
    return;
  }
  const node = app.node;
  if (!node?.position) return;
  const { pieces } = parsePosition(node.position);
  const marks = { last: node.move?.path };
  const p = app.picker;
  if (p && app.view && !app.view.outcome) p.mark(pieces, marks, p.claimable);
  app.board.draw(pieces, marks);
  const chain = p && p.from !== null && p.landings.length > 0;
  $('chain').hidden = !chain;
  $('b-stop').disabled = !(chain && p.endsHere() && p.goesOn());
}

async function pick(point) {
  if (app.setup) {
    app.setup.place(point, editor.tool);
    editor.update(app.setup);
    editor.error('');
    render();
    return;
  }
  const view = app.view;
  if (!view || !app.picker) return;
  if (view.outcome) {
    say(`The game is over here (${view.outcome.text}): step back to try another turn.`, true);
    return;
  }
  const result = app.picker.click(point);
  if (result.kind === 'changed') say(result.message);
  else if (result.kind === 'refused') say(result.message, true);
  else if (result.kind === 'turn') {
    play(result.turn);
    return;
  } else if (result.kind === 'explain') await explain(result);
  render();
}

// Plays `turn` (one of the legal turns) from the position shown.
function play(turn) {
  if (app.setup || !app.view) return;
  const node = app.tree.play(app.node, turn.text);
  node.move ??= turn;
  say(`${capital(app.view.side_to_move)} plays ${turn.text}.`);
  go(node);
}

// Says why a pick is not a legal turn, as the server's rules say it of
// the turn it would write.
async function explain({ claim, path }) {
  if (path.length < 2) {
    // Every legal turn a capture: the piece could only step.
    const turns = app.picker.turns;
    const capturers = new Set(turns.map((t) => t.path[0]));
    say(turns.length && turns.every((t) => t.capture)
      ? `The piece on ${path[0]} cannot move: a capture is compulsory here (${[...capturers].join(', ')} can capture).`
      : `The piece on ${path[0]} cannot move here.`, true);
    return;
  }
  const lines = app.board.geometry.lines;
  const steps = path.length === 2 && lines.some(([a, b]) => (a === path[0] && b === path[1]) || (a === path[1] && b === path[0]));
  const text = `${claim ? `!${claim} ` : ''}${path.join(steps ? '-' : 'x')}`;
  try {
    // Legal after all: one of the turns past the list's end (a position
    // can have more than the server lists).
    await lineView([...app.node.line, text]);
    playLine([text]);
  } catch (error) {
    say(String(error.message).replace(/^turn \d+ \(`[^`]*`\): /, ''), true);
  }
}

function flip() {
  app.flipped = !app.flipped;
  barSide();
  render();
}

// --- the move tree -----------------------------------------------------

// The number before a turn: `12.` before White's, `12…` before Black's
// where it starts a line.
function moveNumber(node, always) {
  const blackFirst = app.start?.startsWith('B') ? 1 : 0;
  const index = node.ply - 1 + blackFirst;
  const number = Math.floor(index / 2) + 1;
  if (index % 2 === 0) return `${number}.`;
  return always ? `${number}…` : '';
}

function moveButton(node, always, marks) {
  const parts = [];
  const number = moveNumber(node, always);
  if (number) parts.push(make('span', { class: 'number' }, number));
  const button = make('button', { type: 'button', 'data-ply': String(node.ply) }, node.text);
  if (node === app.node) {
    button.className = 'current';
    button.setAttribute('aria-current', 'true');
  }
  button.onclick = () => show(node);
  parts.push(button);
  // The report's mark of the turn: ?! an inaccuracy, ? a mistake, ?? a blunder.
  const kind = marks.get(node);
  if (GLYPHS[kind]) parts.push(make('span', { class: `mark ${kind}`, title: `${kind} (the game report)` }, GLYPHS[kind]));
  return parts;
}

// The line that starts with `first`, its variations inside it where they
// branch off, and after its end (a closed one) the variations played
// past it.
function lineElement(first, className, marks) {
  const box = make('div', { class: className });
  let node = first;
  let always = true;
  while (node) {
    box.append(...moveButton(node, always, marks), ' ');
    always = false;
    const siblings = node.parent.children;
    if (!node.parent.closed && siblings[0] === node && siblings.length > 1) {
      for (const variation of siblings.slice(1)) box.append(lineElement(variation, 'variation', marks));
      always = true;
    }
    if (node.closed) {
      for (const variation of node.children) {
        const past = lineElement(variation, 'variation past-end', marks);
        past.prepend(make('span', { class: 'past-end-note' }, 'past the end:'));
        box.append(past);
      }
      break;
    }
    node = node.children[0];
  }
  return box;
}

// The nodes of the line the report is of, each with its turn's class.
function reportMarks() {
  const marks = new Map();
  let node = app.tree?.root;
  for (const { text, class: kind } of report.classes()) {
    node = node?.children.find((child) => child.text === text);
    if (!node) break;
    marks.set(node, kind);
  }
  return marks;
}

function tree() {
  const box = $('tree');
  // A turn of the list that has the keyboard's focus keeps it, on the
  // turn shown, when the list is drawn again.
  const focused = box.contains(document.activeElement);
  const first = app.tree?.root.children[0];
  const marks = reportMarks();
  box.replaceChildren(first ? lineElement(first, 'mainline', marks) : make('p', { class: 'small' }, 'No turns yet: play one on the board.'));
  // The turn shown kept in sight in the list (the page itself stays put).
  const current = box.querySelector('.current');
  if (focused) (current ?? box).focus({ preventScroll: true });
  if (current) {
    const top = current.offsetTop;
    if (top < box.scrollTop || top + current.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = top - box.clientHeight / 2;
    }
  }
  const inVariation = app.node && !Tree.onMainLine(app.node);
  $('b-delete').disabled = !inVariation;
  $('b-promote').disabled = !inVariation;
  $('b-prev').disabled = !app.node?.parent;
  $('b-first').disabled = !app.node?.parent;
  $('b-next').disabled = !app.node?.children.length;
  $('b-last').disabled = !app.node?.children.length;
  report.sync(app.node?.line ?? null);
}

// --- the link and the record -------------------------------------------

const encode = (value) => encodeURIComponent(value).replace(/%3A/g, ':').replace(/%3B/g, ';').replace(/%2C/g, ',');

// The link to the position shown: the line through it to its end, and
// the turn it is at when that is not the end.
function linkTo(node) {
  const query = [`variant=${encode(app.variant)}`];
  if (app.start !== app.games.get(app.variant)?.start) query.push(`position=${encode(app.start)}`);
  const turns = node.end.line;
  if (turns.length) query.push(`turns=${encode(turns.join(';'))}`);
  if (node.end !== node) query.push(`ply=${node.ply}`);
  return `/analysis?${query.join('&')}`;
}

// The link names the game the line came from while the main line is
// still the game's: opened, it shows the game's turns as the main line
// (any other line as a variation), leads back to the game and has the
// report kept with it. The address keeps it whatever the main line.
function link() {
  if (!app.node) return;
  const path = linkTo(app.node);
  const game = app.game ? `${path}&game=${encode(app.game)}` : path;
  $('link').value = location.origin + (mainLine().game ? game : path);
  $('link-said').textContent = '';
  history.replaceState(null, '', game);
}

async function copyLink() {
  const input = $('link');
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    $('link-said').textContent = 'Copied.';
  } catch {
    $('link-said').textContent = 'Select the link and copy it (Ctrl-C).';
  }
}

// Saves the line through the position shown, to its end, as a game
// record (N4): the record it was opened from as it was, where the line
// is that record's, else with that record's players' names (and where
// and when it was played).
async function save() {
  if (!app.node) return;
  try {
    const line = app.node.end.line;
    const view = await lineView(line);
    const own = app.record && sameTurns(line, app.recordTurns);
    const text = own ? app.record : app.record ? withTags(view.record, app.record) : view.record;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const anchor = make('a', { href: url, download: `${app.variant}-analysis.txt` });
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    say(`Saved the line (${view.moves.length} turns) as a game record.`);
  } catch (error) {
    say(error.message, true);
  }
}

const sameTurns = (a, b) => a.length === b.length && a.every((t, i) => t === b[i]);

// `record` (N4) with the tags of `source` (another record) that say who
// played, where and when: not its game, start, result, clocks or the
// program's own.
function withTags(record, source) {
  const TAG = /^\[(\w+) "(?:[^"\\]|\\.)*"\]$/;
  const kept = ['White', 'Black', 'Event', 'Site', 'Date', 'Round', 'Annotator'];
  // A record's tag lines, and the rest.
  const split = (text) => {
    const lines = text.replace(/\r\n/g, '\n').split('\n');
    let count = lines.findIndex((line) => !TAG.test(line.trim()));
    if (count < 0) count = lines.length;
    return [lines.slice(0, count).map((line) => line.trim()), lines.slice(count)];
  };
  const [head, rest] = split(record);
  const [tags] = split(source);
  for (const tag of tags) {
    const name = tag.match(TAG)[1];
    if (!kept.includes(name)) continue;
    const at = head.findIndex((line) => line.match(TAG)[1] === name);
    if (at >= 0) head[at] = tag;
    else head.push(tag);
  }
  return [...head, ...rest].join('\n');
}

// --- the engine --------------------------------------------------------

// The bar's White end on White's side of the board: the bottom, unless
// the board shows White's pieces starting at the top.
function barSide() {
  $('evalbar').classList.toggle('white-top', app.whiteHigh !== app.flipped);
}

function bar(white) {
  const shown = $('evalbar');
  if (white === null) {
    shown.style.setProperty('--white', '50%');
    shown.classList.add('idle');
    shown.setAttribute('aria-label', 'Evaluation bar: no evaluation');
    return;
  }
  const part = share(white);
  shown.classList.remove('idle');
  shown.style.setProperty('--white', `${(part * 100).toFixed(1)}%`);
  shown.setAttribute('aria-label', `Evaluation bar: White's share ${Math.round(part * 100)}%`);
}

// An evaluation in short: `+0.35` (White ahead), `−1.20`, or who wins.
function short(white) {
  if (white >= 1000) return 'White wins';
  if (white <= -1000) return 'Black wins';
  const pieces = (Math.abs(white) / 100).toFixed(2);
  return white > 0 ? `+${pieces}` : white < 0 ? `−${pieces}` : '0.00';
}

const engine = new Engine({
  waiting(message) {
    $('engine-state').textContent = sentence(message);
  },
  progress(progress) {
    $('eval').textContent = sentence(progress.evaluation);
    $('eval').title = `${progress.white / 100} pieces from White's side`;
    bar(progress.white);
    $('depth').textContent = `Depth ${progress.depth}`;
    $('nps').textContent = progress.nps ? `· ${count(progress.nps)} positions a second` : '';
    $('engine-state').textContent = '';
    lines(progress.lines);
  },
  done(done) {
    const said = {
      depth: `· finished at depth ${done.depth}`,
      time: `· stopped at the time limit (depth ${done.depth})`,
      stopped: '· stopped',
      over: '',
      failed: '· the analysis failed',
    };
    $('engine-state').textContent = said[done.reason] ?? '';
    if (done.reason === 'over' && app.view?.outcome) over(app.view);
    engineButton();
  },
  failed(message) {
    $('engine-state').textContent = message;
    engineButton();
  },
});

const count = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : n >= 1e3 ? `${Math.round(n / 1e3)} k` : String(n));

// The best lines: each its evaluation and its turns, numbered; a click on
// a turn plays the line up to it, on the evaluation the whole line. Drawn
// again at each depth: a button that has the keyboard's focus keeps it
// (the same place in the same line, or that line's evaluation).
function lines(found) {
  const node = app.node;
  const focused = document.activeElement?.closest?.('#lines button');
  const at = focused ? { line: focused.dataset.line, k: focused.dataset.k } : null;
  const items = found.map((line, i) => {
    const item = make('li', { 'data-testid': 'pv' });
    const score = make('button', { type: 'button', class: 'pv-score', 'data-line': String(i), 'data-k': 'score', title: `${sentence(line.evaluation)} Play the whole line.` }, short(line.white));
    score.onclick = () => playLine(line.turns);
    item.append(score, ' ');
    line.turns.forEach((text, k) => {
      const ply = node.ply + k + 1;
      const blackFirst = app.start?.startsWith('B') ? 1 : 0;
      const index = ply - 1 + blackFirst;
      const number = index % 2 === 0 ? `${Math.floor(index / 2) + 1}.` : k === 0 ? `${Math.floor(index / 2) + 1}…` : '';
      if (number) item.append(make('span', { class: 'number' }, number), ' ');
      const turn = make('button', { type: 'button', class: 'pv-turn', 'data-line': String(i), 'data-k': String(k), title: `Play line ${i + 1} up to ${text}` }, text);
      turn.onclick = () => playLine(line.turns.slice(0, k + 1));
      item.append(turn, ' ');
    });
    return item;
  });
  $('lines').replaceChildren(...items);
  if (at) {
    const box = $('lines');
    const again = box.querySelector(`button[data-line="${at.line}"][data-k="${at.k}"]`) ??
      box.querySelector(`button[data-line="${at.line}"]`) ?? box.querySelector('button');
    again?.focus({ preventScroll: true });
  }
}

function clearEngine(text) {
  $('eval').textContent = text;
  $('eval').title = '';
  $('depth').textContent = '';
  $('nps').textContent = '';
  $('engine-state').textContent = '';
  $('lines').replaceChildren();
  bar(null);
}

// Stops the analysis under way and, with the engine on, starts one of the
// position shown once the page has stayed on it a moment. While a report
// is worked out the engine waits (the report takes one of the server's
// analysis places: one page, one place), and goes on after it.
function engineRestart() {
  engine.stop();
  clearTimeout(app.engineTimer);
  if (!app.engineOn || app.setup || !app.node || report.running) {
    const why = app.setup ? 'The engine waits while you edit.'
      : !app.engineOn || !app.node ? 'The engine is off: start it to analyse.'
        : 'The engine waits while the report is worked out.';
    clearEngine(why);
    engineButton();
    return;
  }
  clearEngine('Analysing…');
  const node = app.node;
  app.engineTimer = setTimeout(() => {
    if (app.node !== node || !app.engineOn || app.setup || report.running) return;
    engine.start({ variant: app.variant, position: app.start, turns: node.line, lines: app.lines });
    engineButton();
  }, SETTLE_MS);
  engineButton();
}

function engineButton() {
  const button = $('b-engine');
  button.textContent = app.engineOn ? 'Stop engine' : 'Start engine';
  button.setAttribute('aria-pressed', String(app.engineOn));
}

function toggleEngine() {
  app.engineOn = !app.engineOn;
  localStorage.setItem('analysis-engine', app.engineOn ? 'on' : 'off');
  engineRestart();
}

// --- the verdicts ------------------------------------------------------

function verdicts() {
  const { tables, proof, turns } = app.view;
  $('tables-text').textContent = tables ? sentence(tables.text) : '';
  $('tables-text').hidden = !tables;
  const values = (tables?.turns ?? []).map((value) => {
    const item = make('li', { class: value.verdict });
    const button = make('button', { type: 'button', title: `Play ${value.turn}` }, value.turn);
    const turn = turns.find((t) => t.text === value.turn);
    button.onclick = () => turn && play(turn);
    item.append(button, ` ${value.words ?? value.value}`);
    item.title = `${value.turn}: ${value.value} (the tables' value: turns to the next removal)`;
    return item;
  });
  $('table-turns').replaceChildren(...values);
  $('table-turns').hidden = !values.length;
  const proofText = $('proof-text');
  proofText.replaceChildren();
  if (proof) {
    proofText.append(sentence(proof.text), ' ');
    const turn = proof.turn && turns.find((t) => t.text === proof.turn);
    if (turn) {
      const button = make('button', { type: 'button' }, `Play ${turn.text}`);
      button.onclick = () => play(turn);
      proofText.append(button);
    }
  }
  // The proof takes a few seconds to read the first time: said, and
  // asked for again.
  const pending = !proof && app.view.proof_pending;
  clearTimeout(app.proofTimer);
  if (pending) {
    proofText.append('Proof: being read…');
    const node = app.node;
    app.proofTimer = setTimeout(async () => {
      try {
        const view = await lineView(node.line);
        if (app.node !== node || !app.view || app.setup) return;
        app.view.proof = view.proof;
        app.view.proof_pending = view.proof_pending;
        verdicts();
      } catch {
        // The next position asks again.
      }
    }, PROOF_RETRY_MS);
  }
  proofText.hidden = !proof && !pending;
  $('verdicts').hidden = !tables && !proof && !pending;
}

// --- the game report ---------------------------------------------------

// The main line: the first turns from the start on; the game's on the
// server while it is the game's line as the board opened it.
function mainLine() {
  const turns = app.tree ? app.tree.root.end.line : [];
  const gameTurns = app.gameTurns;
  const asOpened = gameTurns && gameTurns.length === turns.length && gameTurns.every((t, i) => t === turns[i]);
  return { variant: app.variant, start: app.start, turns, game: asOpened ? app.game : null };
}

// Shows `node`, leaving the editor if it is open.
function show(node) {
  if (!app.setup) {
    go(node);
    return;
  }
  leaveEditor();
  board(app.variant).then(() => go(node));
}

const report = new ReportPanel({
  line: mainLine,
  go(turns) {
    const node = app.tree?.find(turns);
    if (node) show(node);
    return Boolean(node);
  },
  play(turns, text) {
    const node = app.tree?.find(turns);
    if (node) show(app.tree.play(node, text));
    return Boolean(node);
  },
  changed: tree,
  busy: engineRestart,
  say,
});

// --- the position editor -----------------------------------------------

const editor = new EditorPanel({
  section: $('editor'),
  palette: $('palette'),
  variant: $('editor-variant'),
  toMove: document.querySelectorAll('input[name="to-move"]'),
  quiet: $('editor-quiet'),
  text: $('editor-text'),
  error: $('editor-error'),
});

// Opens the editor on `position` (N3) of `variant` (the position shown if
// not given). While it is open, what the page said of the position shown
// is put away: the engine waits, the verdicts, the report and the move
// list's buttons are hidden (body.editing), and the title names the
// editor's game.
async function edit(variant = app.variant, position = app.node?.position) {
  try {
    const g = await board(variant);
    const { start, kings, name } = await game(variant);
    const opening = !app.setup;
    app.setup = new Setup(g.points.map((p) => p.name), position ?? start);
    app.setupVariant = variant;
    app.picker = null;
    // An answer still coming for the position shown is not shown now.
    app.asked += 1;
    clearTimeout(app.proofTimer);
    $('verdicts').hidden = true;
    editor.show(app.setup, variant, kings);
    document.body.classList.add('editing');
    for (const id of ['controls', 'b-edit']) $(id).hidden = true;
    title(name, true);
    $('status').textContent = 'Editing the position';
    $('quiet').textContent = '';
    say('');
    engineRestart();
    render();
    // In sight (below the board on a phone), the board as much as can be.
    if (opening) $('editor').scrollIntoView({ block: 'nearest' });
  } catch (error) {
    say(error.message, true);
  }
}

function leaveEditor() {
  app.setup = null;
  editor.hide();
  document.body.classList.remove('editing');
  for (const id of ['controls', 'b-edit']) $(id).hidden = false;
  if (app.name) title(app.name);
}

async function cancelEdit() {
  if (!app.setup) return;
  leaveEditor();
  say('Left the editor: nothing changed.');
  await board(app.variant);
  await go(app.node);
}

// Analyses the position set up; a position the rules refuse stays in the
// editor with the server's reason.
async function analyseSetup() {
  if (!app.setup) return;
  editor.read(app.setup);
  const text = app.setup.text();
  const variant = app.setupVariant;
  let view;
  try {
    view = await api('POST', '/api/analysis', { variant, position: text });
  } catch (error) {
    editor.error(sentence(`The rules refuse this position: ${error.message}`));
    return;
  }
  leaveEditor();
  say(`Analysing the position set up: ${view.position}.`);
  await open({ variant, position: view.start });
}

async function editorVariant() {
  const variant = $('editor-variant').value;
  await edit(variant, null);
}

// --- opening a pasted or uploaded position or record --------------------

async function importLine(event) {
  event.preventDefault();
  const text = $('import-text').value.trim();
  const error = $('import-error');
  error.textContent = '';
  if (!text) {
    error.textContent = 'Paste a position (N3) or a game record (N4), or choose a file.';
    return;
  }
  const request = text.startsWith('[') ? { record: text } : { variant: $('import-variant').value, position: text };
  try {
    if (app.setup) leaveEditor();
    await open(request);
    say(request.record ? 'Opened the record: its turns are the main line.' : 'Opened the position.');
  } catch (e) {
    const what = request.record ? 'This record cannot be opened' : 'This position cannot be opened';
    error.textContent = sentence(`${what}: ${e.message}`);
  }
}

async function importFile() {
  const file = $('import-file').files[0];
  if (file) $('import-text').value = await file.text();
}

// --- a typed turn ------------------------------------------------------

// Plays the turn typed (N2) from the position shown: one of the turns the
// page knows, or any the server's rules accept after the line (POST
// /api/analysis, which writes it as the notation does); a refusal is said
// in the rules' words.
async function typed(event) {
  event.preventDefault();
  const input = $('typed-turn');
  const text = input.value.trim();
  const node = app.node;
  if (!text || !node || app.setup) return;
  if (app.view?.outcome) {
    say(`The game is over here (${app.view.outcome.text}): step back to try another turn.`, true);
    return;
  }
  const known = app.view?.turns.find((turn) => turn.text === text);
  if (known) {
    input.value = '';
    play(known);
    return;
  }
  const mover = app.view?.side_to_move;
  try {
    const view = await lineView([...node.line, text]);
    if (app.node !== node || app.setup) return;
    const turn = view.moves.at(-1);
    input.value = '';
    say(mover ? `${capital(mover)} plays ${turn.text}.` : `Played ${turn.text}.`);
    const next = app.tree.play(node, turn.text);
    next.move ??= turn;
    go(next);
  } catch (error) {
    say(`${text}: ${String(error.message).replace(/^turn \d+ \(`[^`]*`\): /, '')}`, true);
  }
}

// --- keys --------------------------------------------------------------

function escape() {
  if (app.setup) {
    cancelEdit();
    return;
  }
  const p = app.picker;
  if (p?.back()) {
    say('Took back the last pick.');
    render();
  }
}

function key(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (document.querySelector('dialog[open]')) return;
  if (event.target.closest('input, select, textarea')) {
    if (event.key === 'Escape') event.target.blur();
    return;
  }
  const moving = {
    ArrowLeft: back, ArrowRight: forward, ArrowUp: () => sideways(-1), ArrowDown: () => sideways(1),
    Home: toStart, End: toEnd, Delete: deleteVariation,
  };
  const actions = {
    R: () => !app.setup && report.start(), e: toggleEngine, p: () => !app.setup && edit(), f: flip, s: save, c: copyLink,
    t: () => !app.setup && $('typed-turn').focus(), k: () => $('d-keys').showModal(), Escape: escape,
  };
  const action = (app.setup ? {} : moving)[event.key] ?? actions[event.key];
  if (!action) return;
  event.preventDefault();
  action();
}

// --- start -------------------------------------------------------------

function wire() {
  const on = (id, handler) => $(id).addEventListener('click', handler);
  on('b-first', toStart);
  on('b-prev', back);
  on('b-next', forward);
  on('b-last', toEnd);
  on('b-delete', deleteVariation);
  on('b-promote', promote);
  on('b-engine', toggleEngine);
  on('b-flip', flip);
  on('b-save', save);
  on('b-link', copyLink);
  on('b-keys', () => $('d-keys').showModal());
  on('b-edit', () => edit());
  on('b-stop', () => { const t = app.picker?.endsHere(); if (t) play(t); });
  on('b-back', escape);
  on('b-pass', () => { const t = app.view?.turns.find((turn) => !turn.path.length); if (t) play(t); });
  on('b-clear', () => { app.setup.clear(); editor.update(app.setup); render(); });
  on('b-start-position', async () => {
    app.setup.load((await game(app.setupVariant)).start);
    editor.update(app.setup);
    editor.error('');
    render();
  });
  on('b-analyse-setup', analyseSetup);
  on('b-editor-cancel', cancelEdit);
  $('editor-variant').addEventListener('change', editorVariant);
  for (const input of [...document.querySelectorAll('input[name="to-move"]'), $('editor-quiet')]) {
    input.addEventListener('change', () => app.setup && editor.read(app.setup));
  }
  $('lines-count').value = String(app.lines);
  $('lines-count').addEventListener('change', (event) => {
    app.lines = Number(event.target.value);
    localStorage.setItem('analysis-lines', String(app.lines));
    engineRestart();
  });
  $('import-form').addEventListener('submit', importLine);
  $('typed').addEventListener('submit', typed);
  $('import-file').addEventListener('change', importFile);
  $('link').addEventListener('focus', (event) => event.target.select());
  // The editor's list of games is the form's.
  $('editor-variant').replaceChildren(...[...$('import-variant').children].map((child) => child.cloneNode(true)));
  document.addEventListener('keydown', key);
  // Leaving the page stops its analysis and its report on the server.
  window.addEventListener('pagehide', () => {
    engine.stop();
    report.stop();
  });
}

async function start() {
  wire();
  engineButton();
  const query = new URLSearchParams(location.search);
  app.game = query.get('game');
  if (app.game) {
    $('b-game').href = `/games/${encodeURIComponent(app.game)}`;
    $('b-game').hidden = false;
  }
  const variant = query.get('variant') ?? 'alquerque';
  const request = { variant };
  if (query.get('position')) request.position = query.get('position');
  const turns = (query.get('turns') ?? '').split(';').map((t) => t.trim()).filter(Boolean);
  if (turns.length) request.turns = turns;
  const ply = query.has('ply') ? Number(query.get('ply')) : null;
  if (!query.has('variant')) $('import').open = true;
  try {
    const at = Number.isFinite(ply) ? ply : null;
    if (!(app.game && await openGame(request, at))) {
      await open(request, { ply: at });
      if (app.game) {
        app.gameTurns = app.tree.root.end.line;
        link();
      }
    }
    if (query.get('report') === '1') report.start({ reveal: true });
  } catch (error) {
    say(`This line cannot be opened: ${error.message}`, true);
    $('import').open = true;
    $('import-text').value = request.position ?? '';
    // The game's start instead, to analyse something.
    try {
      await open({ variant: known(variant) });
    } catch {
      await open({ variant: 'alquerque' }).catch(() => {});
    }
  }
}

// `variant` if the page knows the game, else Alquerque.
function known(variant) {
  return [...$('import-variant').options].some((o) => o.value === variant) ? variant : 'alquerque';
}

start();
