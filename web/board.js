// The board as SVG, drawn from the server's geometry (GET /api/boards/V):
// its lines, its points with their names at the edges, the pieces and the
// marks of a pick. Any board of the family is drawn to the same scale: a
// point's usual distance to its nearest neighbour is one cell. A piece is
// as large as its point's room allows (smaller where points crowd, as in
// Terhuchu's corners), and so is the area a click or a tap takes. Hooks
// for tests: every point is a <g data-point="e5">, and a piece on it a
// child with data-piece="white|black|white-king|black-king".

// The SVG namespace.
export const NS = 'http://www.w3.org/2000/svg';
const CELL = 56;
const MARGIN = 50;
const RADIUS = 19;
// The names of the files and ranks, this far out from the outer points:
// clear of the largest piece.
const LABEL_GAP = 36;

// An SVG element with `attrs`, appended to `parent` if given.
export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// Reads the W and B fields of position text (N3): each piece's point, side
// and whether it is a king.
export function parsePosition(text) {
  const pieces = new Map();
  const fields = text.split(':');
  for (const field of fields.slice(1)) {
    const side = field[0] === 'W' ? 'white' : field[0] === 'B' ? 'black' : null;
    if (!side) continue;
    for (const item of field.slice(1).split(',')) {
      if (!item) continue;
      const king = item.startsWith('K');
      pieces.set(king ? item.slice(1) : item, { side, king });
    }
  }
  return { toMove: fields[0] === 'B' ? 'black' : 'white', pieces };
}

export class BoardView {
  constructor(svg, geometry, onPick) {
    this.svg = svg;
    this.geometry = geometry;
    this.flipped = false;
    this.byName = new Map(geometry.points.map((p) => [p.name, p]));
    // Each point's distance to its nearest neighbour, in grid steps.
    const nearest = new Map(geometry.points.map((p) => {
      let closest = Infinity;
      for (const q of geometry.points) if (q !== p) closest = Math.min(closest, Math.hypot(p.file - q.file, p.rank - q.rank));
      return [p.name, Number.isFinite(closest) && closest > 0 ? closest : 1];
    }));
    const sorted = [...nearest.values()].sort((a, b) => a - b);
    const usual = sorted[Math.floor(sorted.length / 2)] ?? 1;
    this.unit = CELL / usual;
    // A piece's radius and a click's reach at each point.
    this.room = new Map([...nearest].map(([name, steps]) => {
      const room = steps * this.unit;
      return [name, { radius: Math.min(RADIUS, room * 0.36), reach: Math.min(CELL * 0.5, room * 0.5) }];
    }));
    this.files = [...new Set(geometry.points.map((p) => p.file))].sort((a, b) => a - b);
    this.ranks = [...new Set(geometry.points.map((p) => p.rank))].sort((a, b) => a - b);
    const width = 2 * MARGIN + (geometry.files - 1) * this.unit;
    const height = 2 * MARGIN + (geometry.ranks - 1) * this.unit;
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    // A click or a tap picks the nearest point, so that each point takes
    // all the room closer to it than to any other (where points crowd, a
    // fingertip need not hit the point itself).
    svg.onclick = (event) => {
      const name = this.nearest(event.clientX, event.clientY) ?? event.target.closest('[data-point]')?.dataset.point;
      if (name) onPick(name);
    };
  }

  // The point nearest to the screen's (x, y), within a cell of it.
  nearest(x, y) {
    const matrix = this.svg.getScreenCTM?.();
    if (!matrix) return null;
    const at = new DOMPoint(x, y).matrixTransform(matrix.inverse());
    let best = null;
    let distance = CELL * 0.75;
    for (const name of this.byName.keys()) {
      const p = this.at(name);
      const d = Math.hypot(p.x - at.x, p.y - at.y);
      if (d < distance) [best, distance] = [name, d];
    }
    return best;
  }

  // The centre of point `name` on the drawing.
  at(name) {
    const { files, ranks } = this.geometry;
    const p = this.byName.get(name);
    const file = this.flipped ? files - 1 - p.file : p.file;
    const rank = this.flipped ? p.rank : ranks - 1 - p.rank;
    return { x: MARGIN + file * this.unit, y: MARGIN + rank * this.unit };
  }

  path(names, cls, parent) {
    if (names.length < 2) return;
    const points = names.map((n) => this.at(n)).map((p) => `${p.x},${p.y}`).join(' ');
    el('polyline', { points, class: cls }, parent);
  }

  // Draws `pieces` (a Map from point name to {side, king}) with `marks`:
  // selected, targets, capturers, claimable, claimed, jumped (Sets of
  // names), last, hint, pick (paths: arrays of names).
  draw(pieces, marks = {}) {
    const svg = this.svg;
    svg.replaceChildren();
    const { files, ranks } = this.geometry;
    const lines = el('g', { 'aria-hidden': 'true' }, svg);
    for (const line of this.geometry.lines) this.path(line, 'line', lines);

    const labels = el('g', { 'aria-hidden': 'true' }, svg);
    // Only the files and ranks that hold points are named (rules.md F7).
    for (const file of this.files) {
      const shown = this.flipped ? files - 1 - file : file;
      const text = el('text', { x: MARGIN + shown * this.unit, y: MARGIN + (ranks - 1) * this.unit + LABEL_GAP, class: 'label' }, labels);
      text.textContent = String.fromCharCode(97 + file);
    }
    for (const rank of this.ranks) {
      const shown = this.flipped ? rank : ranks - 1 - rank;
      const text = el('text', { x: MARGIN - LABEL_GAP, y: MARGIN + shown * this.unit, class: 'label' }, labels);
      text.textContent = String(rank + 1);
    }

    const under = el('g', {}, svg);
    if (marks.last?.length) {
      const from = this.at(marks.last[0]);
      el('circle', { cx: from.x, cy: from.y, r: this.room.get(marks.last[0]).radius + 6, class: 'last-from' }, under);
      this.path(marks.last, 'last-path', under);
    }
    if (marks.pick?.length) this.path(marks.pick, 'pick-path', under);

    const points = el('g', {}, svg);
    for (const point of this.geometry.points) {
      const { x, y } = this.at(point.name);
      const piece = pieces.get(point.name);
      const classes = ['pt'];
      if (marks.selected?.has(point.name)) classes.push('selected');
      if (marks.jumped?.has(point.name)) classes.push('jumped');
      if (marks.claimed?.has(point.name)) classes.push('claimed');
      const label = piece ? `${point.name}, ${piece.side}${piece.king ? ' king' : ''}` : `${point.name}, empty`;
      const g = el('g', { class: classes.join(' '), 'data-point': point.name, transform: `translate(${x},${y})`, 'aria-label': label, role: 'button' }, points);
      const { radius, reach } = this.room.get(point.name);
      el('circle', { r: reach, class: 'hit' }, g);
      el('circle', { r: Math.min(4.5, radius * 0.25), class: 'spot' }, g);
      if (piece) {
        const kind = piece.king ? `${piece.side}-king` : piece.side;
        el('circle', { r: radius, class: `piece ${piece.side}`, 'data-piece': kind }, g);
        if (piece.king) el('circle', { r: radius * 0.68, class: `crown ${piece.side}` }, g);
      }
      if (marks.capturers?.has(point.name)) el('circle', { r: radius + 4, class: 'capturer-mark' }, g);
      if (marks.claimable?.has(point.name)) el('circle', { r: radius + 4, class: 'claim-mark' }, g);
      if (marks.jumped?.has(point.name)) {
        const d = radius * 0.6;
        el('path', { d: `M${-d},${-d}L${d},${d}M${d},${-d}L${-d},${d}`, class: 'jumped-mark' }, g);
      }
      if (marks.targets?.has(point.name)) el('circle', { r: (piece ? 7 : 9) * radius / RADIUS, class: 'target-mark' }, g);
    }
    if (marks.hint?.length) this.path(marks.hint, 'hint-path', el('g', {}, svg));
  }
}
