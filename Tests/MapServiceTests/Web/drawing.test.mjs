// Unit tests of edit mode's drawing with undo and redo (node --test).
import assert from "node:assert/strict";
import test from "node:test";
import { Drawing } from "../../../Sources/MapService/Resources/web/drawing.mjs";

test("a polygon is closed, finished on request, and undone step by step", () => {
  const drawing = new Drawing("polygon");
  assert.equal(drawing.geometry(), null);
  for (const position of [[0, 0], [1, 0], [1, 1]]) drawing.add(position);
  assert.deepEqual(drawing.geometry(), { type: "Polygon", coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] });
  assert.equal(drawing.finish(), true);
  drawing.add([5, 5]);
  assert.equal(drawing.positions.length, 3, "a finished drawing takes no more vertices");
  drawing.insert(1, [0.5, -0.5]);
  drawing.move(0, [0, 0.1]);
  drawing.remove(3);
  assert.deepEqual(drawing.positions, [[0, 0.1], [0.5, -0.5], [1, 0]]);
  drawing.undo();
  drawing.undo();
  assert.deepEqual(drawing.positions, [[0, 0], [0.5, -0.5], [1, 0], [1, 1]]);
  drawing.redo();
  assert.deepEqual(drawing.positions[0], [0, 0.1]);
  while (drawing.canUndo) drawing.undo();
  assert.deepEqual(drawing.positions, []);
  assert.equal(drawing.finished, false);
  assert.equal(drawing.canRedo, true);
  drawing.add([9, 9]);
  assert.equal(drawing.canRedo, false, "a new step clears redo");
});

test("a line needs two vertices and a point one", () => {
  const line = new Drawing("line");
  line.add([0, 0]);
  assert.equal(line.finish(), false);
  line.add([1, 1]);
  assert.equal(line.finish(), true);
  assert.deepEqual(line.geometry(), { type: "LineString", coordinates: [[0, 0], [1, 1]] });
  const point = new Drawing("point");
  point.add([3, 4]);
  assert.equal(point.finished, true);
  assert.deepEqual(point.geometry(), { type: "Point", coordinates: [3, 4] });
});

test("removing a vertex below the minimum reopens the drawing", () => {
  const polygon = new Drawing("polygon");
  for (const position of [[0, 0], [1, 0], [1, 1]]) polygon.add(position);
  polygon.finish();
  polygon.remove(2);
  assert.equal(polygon.finished, false);
});
