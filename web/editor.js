// The position editor: a setup of pieces on a game's points, the side to
// move and the counter of quiet turns, written as position text (N3:
// `W:Wa1,Kb2:Bc3:C5`), and the editor's panel (its palette and fields).
// Nothing here decides whether a setup is one of the game's positions:
// the server says, and the panel shows its refusal.

import { parsePosition } from './board.js';

// What a click puts on a point: a piece (`white`, `white-king`, `black`,
// `black-king`) or nothing (`empty`).
const kind = (piece) => (piece ? `${piece.side}${piece.king ? '-king' : ''}` : 'empty');

export class Setup {
  // `points`: the board's point names in the order of position text;
  // `position`: the setup to start from (N3).
  constructor(points, position) {
    this.points = points;
    this.load(position);
  }

  // Takes the pieces, the side to move and the quiet turns of `position`
  // (N3); its other fields (claims, bars, passes) are dropped.
  load(position) {
    const { toMove, pieces } = parsePosition(position);
    this.pieces = pieces;
    this.toMove = toMove;
    const quiet = position.split(':').find((field) => /^C\d+$/.test(field));
    this.quiet = quiet ? Number(quiet.slice(1)) : 0;
  }

  clear() {
    this.pieces = new Map();
  }

  // Puts `tool`'s piece on `point`, or empties it when it holds that
  // piece already (or `tool` is `empty`).
  place(point, tool) {
    if (tool === 'empty' || kind(this.pieces.get(point)) === tool) {
      this.pieces.delete(point);
      return;
    }
    const [side, king] = tool.split('-');
    this.pieces.set(point, { side, king: king === 'king' });
  }

  // The setup as position text (N3): who moves, White's points then
  // Black's (kings with `K`), in the board's order, and `C` when not 0.
  text() {
    const field = (side) => this.points
      .filter((name) => this.pieces.get(name)?.side === side)
      .map((name) => (this.pieces.get(name).king ? `K${name}` : name))
      .join(',');
    const quiet = this.quiet > 0 ? `:C${this.quiet}` : '';
    return `${this.toMove === 'black' ? 'B' : 'W'}:W${field('white')}:B${field('black')}${quiet}`;
  }
}

// The editor's panel: the palette (which piece a click puts), the side to
// move, the quiet turns, the game, the text built and the server's
// refusal. `elements` are its controls by role.
export class EditorPanel {
  constructor(elements) {
    this.el = elements;
  }

  // The piece a click puts now.
  get tool() {
    return this.el.palette.querySelector('input[name="tool"]:checked')?.value ?? 'white';
  }

  // Shows `setup` for `variant` (a game with `kings` or without).
  show(setup, variant, kings) {
    this.el.section.hidden = false;
    this.el.variant.value = variant;
    for (const label of this.el.palette.querySelectorAll('.king')) label.hidden = !kings;
    if (!kings && this.tool.endsWith('-king')) this.el.palette.querySelector('input[value="white"]').checked = true;
    this.update(setup);
    this.error('');
  }

  hide() {
    this.el.section.hidden = true;
  }

  // Shows the side to move, the quiet turns and the text of `setup`.
  update(setup) {
    for (const radio of this.el.toMove) radio.checked = radio.value === (setup.toMove === 'black' ? 'B' : 'W');
    this.el.quiet.value = String(setup.quiet);
    this.el.text.textContent = setup.text();
  }

  // Reads the side to move and the quiet turns into `setup`.
  read(setup) {
    const chosen = [...this.el.toMove].find((radio) => radio.checked);
    setup.toMove = chosen?.value === 'B' ? 'black' : 'white';
    const quiet = Number.parseInt(this.el.quiet.value, 10);
    setup.quiet = Number.isFinite(quiet) && quiet > 0 ? quiet : 0;
    this.el.text.textContent = setup.text();
  }

  error(text) {
    this.el.error.textContent = text;
  }
}
