// The analysis board's move tree: the main line (a game's turns, or the
// first turns played) and the variations that branch off it. A node is
// the position a turn leads to (the root: the line's start); its first
// child goes on with its line, the others are variations. A line opened
// with its turns (a game's, a record's, a link's) is closed at its end:
// the main line stops there, and every turn played after it starts a
// variation. Nothing here knows the rules: the turns are the server's
// texts (N2).

export class Node {
  constructor(parent, text) {
    this.parent = parent;
    this.text = text; // the turn that leads here (N2); null at the root
    this.children = [];
    this.position = null; // N3, once the server has said
    this.move = null; // the turn as the server describes it (path, captures)
    this.view = null; // the server's view of the line up to here
    this.closed = false; // the main line ends here: every child is a variation
  }

  // How many turns lead here from the start.
  get ply() {
    let ply = 0;
    for (let node = this; node.parent; node = node.parent) ply++;
    return ply;
  }

  // The turns from the start to here.
  get line() {
    const turns = [];
    for (let node = this; node.parent; node = node.parent) turns.push(node.text);
    return turns.reverse();
  }

  // The nodes from the root's first turn to here.
  get path() {
    const nodes = [];
    for (let node = this; node.parent; node = node.parent) nodes.push(node);
    return nodes.reverse();
  }

  // Whether this node goes on with its parent's line rather than
  // branching off it: its parent's first child, where the parent's line
  // does not end there.
  get first() {
    return !this.parent || (!this.parent.closed && this.parent.children[0] === this);
  }

  // The last node of the line through here (first children onwards, up
  // to a closed end).
  get end() {
    let node = this;
    while (node.children.length && !node.closed) node = node.children[0];
    return node;
  }
}

export class Tree {
  // A tree of the main line `turns` (texts) from the start; `closed`: the
  // main line ends with them (turns played at its end make variations).
  constructor(turns = [], { closed = false } = {}) {
    this.root = new Node(null, null);
    let node = this.root;
    for (const text of turns) node = this.play(node, text);
    if (closed && turns.length) node.closed = true;
  }

  // The node after `text` played at `node`: the child that has it, or a
  // new one (a variation where `node` has a child already).
  play(node, text) {
    const known = node.children.find((child) => child.text === text);
    if (known) return known;
    const child = new Node(node, text);
    node.children.push(child);
    return child;
  }

  // Plays `texts` one after the other from `node`; the last node.
  playAll(node, texts) {
    for (const text of texts) node = this.play(node, text);
    return node;
  }

  // The node `turns` (texts) lead to from the start, if the tree has it.
  find(turns) {
    let node = this.root;
    for (const text of turns) {
      node = node.children.find((child) => child.text === text);
      if (!node) return null;
    }
    return node;
  }

  // The first node of the innermost variation `node` is in, or null on
  // the main line.
  static variationOf(node) {
    let at = node;
    while (at.parent && at.first) at = at.parent;
    return at.parent ? at : null;
  }

  // Whether `node` is on the main line.
  static onMainLine(node) {
    return Tree.variationOf(node) === null;
  }

  // Deletes the variation `node` is in (from its first turn on): the
  // node it branched off, or null when `node` is on the main line.
  remove(node) {
    const start = Tree.variationOf(node);
    if (!start) return null;
    const parent = start.parent;
    parent.children.splice(parent.children.indexOf(start), 1);
    return parent;
  }

  // Makes the variation `node` is in the line it branches off: its first
  // node becomes its parent's first child (and where it was played past
  // a closed end, that line goes on with it).
  promote(node) {
    const start = Tree.variationOf(node);
    if (!start) return false;
    const siblings = start.parent.children;
    siblings.splice(siblings.indexOf(start), 1);
    siblings.unshift(start);
    start.parent.closed = false;
    return true;
  }

  // Writes down what the server said of the line to `node`: each node's
  // position (`positions`, the start's first) and turn (`moves`).
  describe(node, positions, moves) {
    const nodes = [this.root, ...node.path];
    nodes.forEach((at, i) => {
      if (positions[i] !== undefined) at.position = positions[i];
      if (i > 0 && moves[i - 1]) at.move = moves[i - 1];
    });
  }
}
