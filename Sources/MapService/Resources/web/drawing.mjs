// Edit mode's drawing as a value with undo and redo: a point, line or polygon being drawn,
// every step a new state. No DOM, so node's test runner checks it.

/** A drawing of `kind` ("point", "line", "polygon") with its positions `[lon, lat]`. */
export class Drawing {
  constructor(kind) {
    this.kind = kind;
    this.positions = [];
    this.finished = false;
    this.past = [];
    this.future = [];
  }

  /** Records the state before a change, so undo can go back to it; a change clears redo. */
  #change(apply) {
    this.past.push({ positions: this.positions.map((p) => [...p]), finished: this.finished });
    this.future = [];
    apply();
  }

  add(position) {
    if (this.finished) return;
    this.#change(() => {
      this.positions.push(position);
      if (this.kind === "point") this.finished = true;
    });
  }

  move(index, position) { this.#change(() => { this.positions[index] = position; }); }

  insert(index, position) { this.#change(() => { this.positions.splice(index, 0, position); }); }

  remove(index) {
    this.#change(() => {
      this.positions.splice(index, 1);
      if (this.positions.length < this.minimum) this.finished = false;
    });
  }

  finish() {
    if (this.positions.length < this.minimum) return false;
    this.#change(() => { this.finished = true; });
    return true;
  }

  /** The fewest positions a finished drawing of this kind takes. */
  get minimum() { return { point: 1, line: 2, polygon: 3 }[this.kind]; }

  get canUndo() { return this.past.length > 0; }
  get canRedo() { return this.future.length > 0; }

  undo() { this.#travel(this.past, this.future); }
  redo() { this.#travel(this.future, this.past); }

  #travel(from, to) {
    const state = from.pop();
    if (!state) return;
    to.push({ positions: this.positions.map((p) => [...p]), finished: this.finished });
    this.positions = state.positions;
    this.finished = state.finished;
  }

  /** The GeoJSON geometry drawn so far (a polygon's ring closed), null before the first click. */
  geometry() {
    const positions = this.positions;
    if (positions.length === 0) return null;
    switch (this.kind) {
      case "point": return { type: "Point", coordinates: positions[0] };
      case "line": return { type: "LineString", coordinates: positions };
      default: return { type: "Polygon", coordinates: [[...positions, positions[0]]] };
    }
  }
}
