// A game report's evaluation graph as SVG: White's evaluation at every
// position of the game (the start, then after each turn), White's share
// filled from the bottom as in the evaluation bar, the level line across
// the middle, a point at each position marked by the class of the turn
// that led to it, and the position shown marked by an upright line. A
// click on a point, or anywhere on the graph, picks the nearest position.
// Drawn at the size its box has, again when the box changes size. Hook
// for tests: each point has data-ply (0 is the start).

import { NS, el } from './board.js';

const PAD = 6;

// White's share of the height (and of the evaluation bar) for an
// evaluation from White's side in hundredths of a piece: half when level,
// all or nothing when decided.
export function share(white) {
  if (white >= 1000) return 1;
  if (white <= -1000) return 0;
  return 1 / (1 + Math.exp(-white / 200));
}

export class Graph {
  // `box` is the element the graph fills; `onPick(ply)` is called with
  // the position clicked; `describe(ply)` gives a point's title.
  constructor(box, { onPick, describe }) {
    this.box = box;
    this.onPick = onPick;
    this.describe = describe;
    this.values = [];
    this.classes = [];
    this.current = null;
    this.width = 0;
    this.svg = el('svg', {
      'data-testid': 'report-graph',
      role: 'group',
      'aria-label': 'Evaluation graph: White\'s evaluation after each turn (a click goes there)',
      xmlns: NS,
    });
    box.replaceChildren(this.svg);
    this.svg.addEventListener('click', (event) => {
      const ply = this.plyAt(event);
      if (ply !== null) this.onPick(ply);
    });
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(() => {
        if (this.box.clientWidth !== this.width) this.draw();
      }).observe(box);
    }
  }

  // Shows `values` (White's evaluation at each position) with `classes`
  // (the class of the turn into each position; null at the start).
  show(values, classes) {
    this.values = values;
    this.classes = classes;
    this.draw();
  }

  // Marks the position `ply` as the one shown (null: none of these).
  mark(ply) {
    if (ply === this.current) return;
    this.current = ply;
    this.drawCurrent();
  }

  x(ply) {
    const last = Math.max(1, this.values.length - 1);
    return PAD + (ply / last) * (this.width - 2 * PAD);
  }

  y(white) {
    return PAD + (1 - share(white)) * (this.height - 2 * PAD);
  }

  // The position nearest the click: the point clicked, or the nearest by
  // its place across.
  plyAt(event) {
    const point = event.target.closest?.('[data-ply]');
    if (point) return Number(point.dataset.ply);
    if (this.values.length === 0) return null;
    const rect = this.svg.getBoundingClientRect();
    const across = event.clientX - rect.left;
    const last = Math.max(1, this.values.length - 1);
    const ply = Math.round(((across - PAD) / Math.max(1, this.width - 2 * PAD)) * last);
    return Math.min(this.values.length - 1, Math.max(0, ply));
  }

  draw() {
    const svg = this.svg;
    this.width = Math.max(120, this.box.clientWidth || 320);
    this.height = this.width < 420 ? 96 : 128;
    const { width, height } = this;
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg.setAttribute('width', String(width));
    svg.setAttribute('height', String(height));
    svg.replaceChildren();
    el('rect', { class: 'g-black', x: 0, y: 0, width, height, rx: 5 }, svg);
    const values = this.values;
    if (values.length) {
      const bottom = height - PAD;
      const curve = values.map((v, ply) => `${this.x(ply).toFixed(1)},${this.y(v).toFixed(1)}`);
      const area = [`${this.x(0).toFixed(1)},${bottom}`, ...curve, `${this.x(values.length - 1).toFixed(1)},${bottom}`];
      el('polygon', { class: 'g-white', points: area.join(' ') }, svg);
      el('line', { class: 'g-level', x1: 0, x2: width, y1: this.y(0), y2: this.y(0) }, svg);
      el('polyline', { class: 'g-curve', points: curve.join(' ') }, svg);
    }
    this.currentLine = el('line', { class: 'g-current', y1: 0, y2: height }, svg);
    // Points: the plain ones first, the marked ones over them.
    const order = values.map((_, ply) => ply);
    const weight = { inaccuracy: 1, mistake: 2, blunder: 3 };
    order.sort((a, b) => (weight[this.classes[a]] ?? 0) - (weight[this.classes[b]] ?? 0) || a - b);
    const big = width / Math.max(1, values.length) >= 8;
    for (const ply of order) {
      const kind = this.classes[ply] ?? 'start';
      const marked = kind in weight;
      const point = el('circle', {
        class: `g-point ${kind}`,
        'data-ply': String(ply),
        cx: this.x(ply).toFixed(1),
        cy: this.y(values[ply]).toFixed(1),
        r: marked ? 4.5 : big ? 3 : 2,
      }, svg);
      el('title', {}, point).textContent = this.describe(ply);
    }
    this.drawCurrent();
  }

  drawCurrent() {
    const line = this.currentLine;
    if (!line) return;
    const shown = this.current !== null && this.current < this.values.length;
    line.setAttribute('visibility', shown ? 'visible' : 'hidden');
    if (shown) {
      const x = this.x(this.current).toFixed(1);
      line.setAttribute('x1', x);
      line.setAttribute('x2', x);
    }
    for (const point of this.svg.querySelectorAll('.g-point.current')) point.classList.remove('current');
    if (shown) this.svg.querySelector(`.g-point[data-ply="${this.current}"]`)?.classList.add('current');
  }
}
