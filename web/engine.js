// The engine's analysis of a position as the server streams it (GET
// /api/analysis/events): `waiting` while every analysis place is busy,
// `progress` after each depth, then `done`. One analysis at a time:
// starting another, or stopping, closes the stream, which stops the
// search on the server.

export class Engine {
  // `on` has the handlers: waiting(message), progress(progress),
  // done(done), failed(message).
  constructor(on) {
    this.on = on;
    this.source = null;
  }

  get running() {
    return this.source !== null;
  }

  // Analyses the position `turns` (texts) lead to from `position` (N3)
  // in `variant`, with `lines` best lines.
  start({ variant, position, turns, lines }) {
    this.stop();
    const query = new URLSearchParams({ variant, lines: String(lines) });
    if (position) query.set('position', position);
    if (turns.length) query.set('turns', turns.join(';'));
    const source = new EventSource(`/api/analysis/events?${query}`);
    this.source = source;
    const mine = (handler) => (event) => {
      if (this.source !== source) return;
      handler(JSON.parse(event.data));
    };
    source.addEventListener('waiting', mine((data) => this.on.waiting(data.message)));
    source.addEventListener('progress', mine((data) => this.on.progress(data)));
    source.addEventListener('done', mine((data) => {
      // The server ends the stream here: not to be opened again.
      this.stop();
      this.on.done(data);
    }));
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      // A stream the server refused (or lost) is not tried again: the
      // page starts another analysis with its next position.
      this.stop();
      this.on.failed('The analysis stopped: the server cannot be reached, or refused the position.');
    });
  }

  stop() {
    if (this.source) this.source.close();
    this.source = null;
  }
}
