// The analysis board's game report (issue 27): a report of the main line
// as the server works it out (GET /api/games/{id}/report/events for a
// game on the server, kept with it; GET /api/report/events for any other
// line), its progress as it comes, then the evaluation graph, one row per
// turn with its class, the best turn and what exact knowledge says of
// it, each player's summary and the record annotated. A report belongs
// to the line it was made of: once the main line is another, it is
// marked as out of date. Hooks for tests: the panel is
// data-testid="report" (data-state: idle, running, done, kept, time,
// stopped, failed), each turn's row has data-turn-class.

import { Graph } from './graph.js';

const $ = (id) => document.getElementById(id);

export const CLASSES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];
const WORDS = { best: 'Best', good: 'Good', inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' };
const PLURALS = { best: 'Best', good: 'Good', inaccuracy: 'Inaccuracies', mistake: 'Mistakes', blunder: 'Blunders' };
// The marks a record's annotator gives such turns.
export const GLYPHS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

const make = (tag, attrs = {}, text = null) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
};

// Hundredths of a piece as pieces with a sign: `+0.35`, `−1.20`.
const pieces = (centi) => `${centi < 0 ? '−' : '+'}${(Math.abs(centi) / 100).toFixed(2)}`;

// An evaluation from White's side in short: `+0.35`, or who wins.
const evaluation = (white) => (white >= 1000 ? 'White wins' : white <= -1000 ? 'Black wins' : pieces(white));

// What a turn cost its player, under the heading `Loss (pieces)`: the
// drop of their evaluation in pieces (`1.55`; `−0.10` where the search
// found it a little better than it had thought), or, where a win or a
// loss is known before or after it, the change in words (`win → loss`,
// `+0.40 → loss`).
function cost(turn) {
  const decided = (value) => Math.abs(value) >= 1000;
  if (!decided(turn.before) && !decided(turn.after)) return `${turn.loss < 0 ? '−' : ''}${(Math.abs(turn.loss) / 100).toFixed(2)}`;
  const word = (value) => (value >= 1000 ? 'win' : value <= -1000 ? 'loss' : pieces(value));
  if (turn.before === turn.after) return `still a ${word(turn.before)}`;
  return `${word(turn.before)} → ${word(turn.after)}`;
}

const INTRO = 'Every turn of the main line classified by what it cost its player: best, good, inaccuracy, mistake or blunder.';

const capital = (s) => s[0].toUpperCase() + s.slice(1);
const sameLine = (a, b) => a && b && a.variant === b.variant && a.start === b.start &&
  a.turns.length === b.turns.length && a.turns.every((t, i) => t === b.turns[i]);

export class ReportPanel {
  // `on` has: line() (the main line now: { variant, start, turns, game },
  // `game` the id of the game on the server whose turns it is, or null),
  // go(turns) (shows the position `turns` lead to), play(turns, text)
  // (plays `text` after `turns`, a variation where the tree goes on
  // otherwise): both false if the tree no longer has the position;
  // changed() (a report has come: the move list shows its marks);
  // busy(running) (a report starts or ends being worked out: the page's
  // engine waits meanwhile); and say(text, error).
  constructor(on) {
    this.on = on;
    this.source = null;
    this.asked = null; // the line being reported
    this.line = null; // the line reported
    this.data = null; // { report, annotated }
    this.shown = null; // the turns of the position shown
    this.revealing = false; // whether the report is to be scrolled into sight when it comes
    this.progress = null; // the last progress: { done, total }
    this.graph = new Graph($('report-graph'), {
      onPick: (ply) => this.go(ply),
      describe: (ply) => this.describe(ply),
    });
    $('b-report').addEventListener('click', () => this.start());
    $('b-report-stop').addEventListener('click', () => this.stop(true));
    $('b-report-download').addEventListener('click', () => this.download());
    $('report-only').addEventListener('change', () => this.filter());
    this.setState('idle');
    this.said(INTRO);
  }

  // Scrolls the panel to the top of the screen where it stands under the
  // board (on a phone, under the board and the engine's lines), or
  // below the screen.
  reveal() {
    const panel = $('report');
    const under = panel.getBoundingClientRect().top >= $('board').getBoundingClientRect().bottom;
    if (under || panel.getBoundingClientRect().top > window.innerHeight - 80) panel.scrollIntoView({ block: 'start' });
  }

  get running() {
    return this.source !== null;
  }

  setState(state) {
    $('report').dataset.state = state;
    const running = state === 'running';
    $('b-report').disabled = running;
    $('b-report-stop').hidden = !running;
    $('report-depth').disabled = running;
  }

  said(text) {
    $('report-said').textContent = text;
  }

  // Starts a report of the main line (the game's kept one, where it is a
  // game on the server); `reveal`: scrolled into sight, again when the
  // report has come.
  start({ asGame = true, reveal = false } = {}) {
    this.stop();
    const line = this.on.line();
    if (!line.turns.length) {
      this.said('The main line has no turns yet: play some, or open a game, then ask for its report.');
      return;
    }
    const depth = $('report-depth').value;
    let url;
    if (line.game && asGame) {
      url = `/api/games/${encodeURIComponent(line.game)}/report/events?depth=${depth}`;
    } else {
      const query = new URLSearchParams({ variant: line.variant, position: line.start, turns: line.turns.join(';'), depth });
      url = `/api/report/events?${query}`;
    }
    this.asked = { ...line, game: asGame ? line.game : null };
    // Timed from here, or from when the work begins after a wait for an
    // analysis place (the server's `progress` of no position yet).
    this.began = performance.now();
    this.revealing = reveal || (this.revealing && !asGame);
    this.setState('running');
    const working = `Working out the report of ${line.turns.length} turn${line.turns.length === 1 ? '' : 's'} to depth ${depth}…`;
    this.said(working);
    $('report-progress-line').hidden = true;
    if (this.revealing) this.reveal();
    const source = new EventSource(url);
    this.source = source;
    this.on.busy?.(true);
    const mine = (handler) => (event) => {
      if (this.source !== source) return;
      handler(JSON.parse(event.data));
    };
    source.addEventListener('waiting', mine(() => this.said('Every analysis place on the server is busy: waiting for one…')));
    this.progress = null;
    source.addEventListener('progress', mine(({ done, total }) => {
      if (done === 0) {
        this.began = performance.now();
        this.said(working);
      }
      this.progress = { done, total };
      $('report-progress-line').hidden = false;
      $('report-progress').max = total;
      $('report-progress').value = done;
      $('report-progress-text').textContent = `Position ${done} of ${total}`;
    }));
    source.addEventListener('report', mine((data) => this.arrived(data)));
    source.addEventListener('done', mine(({ reason }) => this.done(reason)));
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      this.close();
      this.setState('failed');
      this.said('The report stopped: the server cannot be reached, or refused the line.');
    });
  }

  close() {
    const was = this.source !== null;
    if (this.source) this.source.close();
    this.source = null;
    $('report-progress-line').hidden = true;
    if (was) this.on.busy?.(false);
  }

  // Stops the report under way (`said`: on the player's word).
  stop(said = false) {
    if (!this.source) return;
    this.close();
    this.setState('stopped');
    if (said) this.said('Stopped: press Report to start again.');
  }

  // A new line was opened: the report and any work on one go.
  drop() {
    this.close();
    this.line = null;
    this.data = null;
    this.asked = null;
    $('report-body').hidden = true;
    $('report').classList.remove('stale');
    this.setState('idle');
    this.said(INTRO);
  }

  arrived(data) {
    const asked = this.asked;
    const texts = data.report.turns.map((turn) => turn.text);
    if (asked.game && !sameLine({ ...asked, turns: texts }, asked)) {
      // The game on the server is not the line shown (it has gone on
      // since): the line's own report instead.
      this.start({ asGame: false });
      return;
    }
    this.line = asked;
    this.data = data;
    this.render();
  }

  done(reason) {
    const seconds = ((performance.now() - this.began) / 1000).toFixed(1);
    const reached = this.progress ? ` after ${this.progress.done} of ${this.progress.total} positions` : '';
    this.close();
    const said = {
      done: `Done in ${seconds} s.`,
      kept: 'Kept with the game: shown at once.',
      time: `Cut short by the server's time limit${reached} (${seconds} s): try a lower depth.`,
      stopped: 'Stopped.',
      failed: 'The report failed on the server.',
    };
    this.setState(reason in said ? reason : 'failed');
    this.said(said[reason] ?? said.failed);
    this.sync(this.shown);
  }

  // The turn of the report at `ply` (from 1), if any.
  turn(ply) {
    return this.data?.report.turns[ply - 1] ?? null;
  }

  // The move number before the turn of index `number`: `3.` or `3…`.
  number(number) {
    const index = number + (this.data.report.first === 'black' ? 1 : 0);
    return `${Math.floor(index / 2) + 1}${index % 2 ? '…' : '.'}`;
  }

  describe(ply) {
    const white = this.data.report.graph[ply];
    if (ply === 0) return `The start: ${evaluation(white)}`;
    const turn = this.turn(ply);
    return `After ${this.number(turn.number)} ${turn.text} (${turn.class}): ${evaluation(white)}`;
  }

  go(ply) {
    if (!this.line) return;
    if (!this.on.go(this.line.turns.slice(0, ply))) this.gone();
  }

  gone() {
    this.on.say('That position is no longer in the move list: press Report for the main line.', true);
  }

  render() {
    const { report } = this.data;
    $('report-body').hidden = false;
    const knowledge = [`a search to depth ${report.depth}`];
    if (report.tables) knowledge.push(`the endgame tables (up to ${report.tables} pieces)`);
    if (report.proof) knowledge.push('the proof');
    const list = knowledge.length < 2 ? knowledge[0] : `${knowledge.slice(0, -1).join(', ')} and ${knowledge.at(-1)}`;
    $('report-about').textContent = `${report.turns.length} turn${report.turns.length === 1 ? '' : 's'}, ${report.result === '*' ? 'not finished' : report.result}; judged by ${list}.`;
    this.graph.show(report.graph, report.graph.map((_, ply) => this.turn(ply)?.class ?? null));
    this.summary(report);
    $('report-turns').replaceChildren(...report.turns.map((turn) => this.row(turn)));
    this.filter();
    this.on.changed();
    if (this.revealing) this.reveal();
    this.revealing = false;
  }

  summary(report) {
    const [white, black] = report.players;
    const row = (label, cells, className = '') => {
      const tr = make('tr', className ? { class: className } : {});
      tr.append(make('th', { scope: 'row' }, label), ...cells.map((cell) => make('td', {}, String(cell))));
      return tr;
    };
    const head = make('tr');
    head.append(make('td'), make('th', { scope: 'col' }, 'White'), make('th', { scope: 'col' }, 'Black'));
    const rows = [row('Turns', [white.turns, black.turns])];
    for (const kind of CLASSES) {
      const label = GLYPHS[kind] ? `${PLURALS[kind]} ${GLYPHS[kind]}` : PLURALS[kind];
      rows.push(row(label, [white[kind], black[kind]], kind));
    }
    rows.push(row('Average loss (pieces)', [white, black].map((p) => (p.average_loss / 100).toFixed(2))));
    const table = $('report-summary');
    table.replaceChildren(make('thead'), make('tbody'));
    table.tHead.append(head);
    table.tBodies[0].append(...rows);
  }

  row(turn) {
    const ply = turn.number + 1;
    const item = make('li', { class: turn.class, 'data-turn-class': turn.class, 'data-ply': String(ply) });
    const main = make('span', { class: 'r-main' });
    main.append(make('span', { class: 'number' }, this.number(turn.number)), ' ');
    const shown = make('button', { type: 'button', class: 'r-turn', title: `Show the position after ${turn.text}` }, turn.text);
    shown.onclick = () => this.go(ply);
    main.append(shown);
    if (GLYPHS[turn.class]) main.append(make('span', { class: 'glyph', 'aria-hidden': 'true' }, GLYPHS[turn.class]));
    item.append(main, ' ');
    // The columns under the headings: the turn, its class, its loss, then
    // whether exact knowledge judged it, the best turn and the comment.
    item.append(make('span', { class: 'r-class' }, WORDS[turn.class]), ' ');
    const side = capital(turn.side);
    item.append(make('span', {
      class: 'r-loss',
      title: `What it cost ${side}: ${side}'s evaluation, in pieces, was ${evaluation(turn.before)} before it, ${evaluation(turn.after)} after`,
    }, cost(turn)), ' ');
    const detail = make('span', { class: 'r-more' });
    if (turn.basis !== 'search') detail.append(make('span', { class: 'r-basis', title: `Judged by the ${turn.basis}` }, turn.basis), ' ');
    if (turn.best && turn.best !== turn.text && turn.class !== 'best') {
      const best = make('button', { type: 'button', class: 'r-best', title: `Play ${turn.best} instead, as a variation` }, `best ${turn.best}`);
      best.onclick = () => {
        if (!this.on.play(this.line.turns.slice(0, turn.number), turn.best)) this.gone();
      };
      detail.append(best, ' ');
    }
    if (turn.comment) detail.append(make('span', { class: 'r-comment' }, turn.comment));
    // More than a word to say (a phone gives it a line of its own).
    if (turn.comment || detail.querySelector('.r-best')) item.classList.add('wide');
    item.append(detail);
    return item;
  }

  // Only the inaccuracies and worse, when the box is ticked; said so
  // where there are none.
  filter() {
    const only = $('report-only').checked;
    let shown = 0;
    for (const item of $('report-turns').children) {
      item.hidden = only && ['best', 'good'].includes(item.dataset.turnClass);
      if (!item.hidden) shown += 1;
    }
    $('report-none').hidden = !(only && shown === 0);
    $('report-turns-head').hidden = shown === 0;
  }

  // After a change of the move tree or of the position shown (`shown`,
  // the turns leading to it): whether the report is still the main
  // line's, and which of its positions is shown.
  sync(shown) {
    this.shown = shown;
    if (!this.line) return;
    const stale = !sameLine(this.line, this.on.line());
    $('report-stale').hidden = !stale;
    $('report').classList.toggle('stale', stale);
    const turns = this.line.turns;
    const on = shown && shown.length <= turns.length && shown.every((t, i) => t === turns[i]);
    const ply = on ? shown.length : null;
    this.graph.mark(ply);
    for (const item of $('report-turns').children) {
      const current = Number(item.dataset.ply) === ply;
      item.classList.toggle('current', current);
      if (current) item.setAttribute('aria-current', 'true');
      else item.removeAttribute('aria-current');
    }
    const current = $('report-turns').querySelector('li.current');
    const box = $('report-turns');
    if (current && (current.offsetTop < box.scrollTop || current.offsetTop + current.offsetHeight > box.scrollTop + box.clientHeight)) {
      box.scrollTop = current.offsetTop - box.clientHeight / 2;
    }
  }

  // The turns reported, each with its class: [{ text, class }], or none.
  classes() {
    if (!this.line) return [];
    return this.data.report.turns.map((turn) => ({ text: turn.text, class: turn.class }));
  }

  download() {
    if (!this.data) return;
    const url = URL.createObjectURL(new Blob([this.data.annotated], { type: 'text/plain' }));
    const name = this.line.game ? `${this.line.variant}-${this.line.game}-report.txt` : `${this.line.variant}-report.txt`;
    const anchor = make('a', { href: url, download: name });
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.on.say('Downloaded the record with each turn\'s class as a comment.');
  }
}
