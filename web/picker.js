// A turn put together click by click, from the legal turns the server
// lists (each with its claim, path and captured pieces): perhaps a piece
// removed first (a claim, P6, or a huff, F4), then a piece, then each
// landing point. A pass (F6) has no path: the page plays it from its own
// button. Nothing here decides a rule: a click that makes no legal turn is
// explained by the server.

const same = (a, b) => (a ?? null) === (b ?? null);

export class Picker {
  // `state` is the game's state from the server.
  constructor(state, own) {
    this.turns = state.turns.filter((t) => t.path.length);
    this.rule = state.removal_rule;
    this.chainRule = state.family ? 'F2' : 'P4';
    this.verb = state.removal_rule === 'F4' ? 'huff' : 'take';
    this.claimable = new Set(state.claimable);
    this.own = own; // the side to move's points
    this.toMove = state.side_to_move;
    this.reset();
  }

  reset() {
    this.claim = null;
    this.from = null;
    this.landings = [];
  }

  // The turns that agree with the pick so far, and with `landings`.
  matching(landings = this.landings) {
    return this.turns.filter((t) =>
      same(t.claim, this.claim) &&
      (this.from === null || t.path[0] === this.from) &&
      landings.every((p, i) => t.path[i + 1] === p));
  }

  // The points that can be picked next.
  targets() {
    const depth = this.landings.length + 1;
    const points = new Set();
    for (const t of this.matching()) {
      if (this.from === null) points.add(t.path[0]);
      else if (t.path.length > depth) points.add(t.path[depth]);
    }
    return points;
  }

  // The pieces jumped so far (they stay on the board until the move ends).
  jumped() {
    const t = this.matching().find((t) => t.capture);
    return new Set(t && this.from !== null ? t.captured.slice(0, this.landings.length) : []);
  }

  // Adds the pick's marks to the board's `marks`, and moves the picked
  // piece in `pieces` to its last landing point: a chain under way stands
  // there (its start counts as empty, R2.4), the pieces it jumped stay,
  // marked. `claimable`: the points offered for a claim (P6) or a huff
  // (F4) before a piece is picked.
  mark(pieces, marks, claimable) {
    marks.targets = this.targets();
    marks.claimable = new Set(this.claim === null && this.from === null ? claimable : []);
    marks.claimed = new Set(this.claim ? [this.claim] : []);
    const at = this.landings.at(-1);
    if (this.from !== null && at) {
      pieces.set(at, pieces.get(this.from));
      pieces.delete(this.from);
    }
    marks.selected = new Set(this.from ? [at ?? this.from] : []);
    marks.jumped = this.jumped();
    marks.pick = this.from ? [this.from, ...this.landings] : [];
  }

  // The turn that ends where the pick ends now, if any.
  endsHere() {
    if (this.from === null || this.landings.length === 0) return null;
    return this.matching().find((t) => t.path.length === this.landings.length + 1) ?? null;
  }

  // Whether the chain can go on from here.
  goesOn() {
    return this.from !== null && this.matching().some((t) => t.path.length > this.landings.length + 1);
  }

  // Takes back the last pick; false when there was none.
  back() {
    if (this.landings.length) this.landings.pop();
    else if (this.from !== null) this.from = null;
    else if (this.claim !== null) this.claim = null;
    else return false;
    return true;
  }

  // Picks `point`. Returns {kind: 'changed', message}, {kind: 'turn',
  // turn} or {kind: 'explain', claim, path} (the server says why not).
  click(point) {
    if (this.from === null && this.claimable.has(point)) {
      if (this.claim === point) {
        this.claim = null;
        return { kind: 'changed', message: `You will not ${this.verb} the piece on ${point}.` };
      }
      this.claim = point;
      return { kind: 'changed', message: `You ${this.verb} the piece on ${point} first (${this.rule}); now pick the piece to move.` };
    }
    if (this.from !== null && this.landings.length && point === this.landings.at(-1)) {
      const turn = this.endsHere();
      if (turn) return { kind: 'turn', turn };
      return { kind: 'explain', claim: this.claim, path: [this.from, ...this.landings] };
    }
    if (this.from !== null) {
      const longer = [...this.landings, point];
      const found = this.matching(longer);
      if (found.length) {
        const ends = found.find((t) => t.path.length === longer.length + 1);
        const goesOn = found.some((t) => t.path.length > longer.length + 1);
        if (ends && !goesOn) return { kind: 'turn', turn: ends };
        this.landings = longer;
        return {
          kind: 'changed',
          message: ends
            ? `Jump on, or pick ${point} again (or Stop here) to stop there (${this.chainRule}).`
            : 'The chain must go on: pick the next landing point.',
        };
      }
      if (!this.own.has(point)) {
        return { kind: 'explain', claim: this.claim, path: [this.from, ...longer] };
      }
    }
    if (this.own.has(point)) {
      if (this.from === point && this.landings.length === 0) {
        this.from = null;
        return { kind: 'changed', message: `Let go of the piece on ${point}.` };
      }
      const moves = this.turns.some((t) => same(t.claim, this.claim) && t.path[0] === point);
      if (!moves) return { kind: 'explain', claim: this.claim, path: [point] };
      this.from = point;
      this.landings = [];
      return { kind: 'changed', message: `The piece on ${point} can go to a marked point.` };
    }
    const side = this.toMove[0].toUpperCase() + this.toMove.slice(1);
    return { kind: 'refused', message: `Pick one of ${side}'s pieces to move.` };
  }
}
