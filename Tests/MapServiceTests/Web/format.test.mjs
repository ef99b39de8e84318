// Unit tests of the page's words and numbers (node --test).
import assert from "node:assert/strict";
import test from "node:test";
import { distance, duration, featureID, featureKind, markerLabel, pageRange, radiusUnit } from "../../../Sources/MapService/Resources/web/format.mjs";

test("distances in metric and imperial units", () => {
  assert.equal(distance(850), "850 m");
  assert.equal(distance(14030.5), "14.0 km");
  assert.equal(distance(13949), "13.9 km");
  assert.equal(distance(250000), "250 km");
  assert.equal(distance(100, "imperial"), "328 ft");
  assert.equal(distance(1609.344 * 2.34, "imperial"), "2.3 mi");
  assert.equal(radiusUnit("metric"), "km");
  assert.equal(radiusUnit("imperial"), "mi");
});

test("durations", () => {
  assert.equal(duration(45.4), "45 s");
  assert.equal(duration(1683.7), "28 min");
  assert.equal(duration(3900), "1 h 05 min");
});

test("page ranges read as the map pattern's lists", () => {
  assert.equal(pageRange(1, 20, 312), "1–20 of 312");
  assert.equal(pageRange(2, 20, 312), "21–40 of 312");
  assert.equal(pageRange(16, 20, 312), "301–312 of 312");
  assert.equal(pageRange(1, 20, 0), "0 of 0");
});

test("labels and kinds of drawn features", () => {
  const mixed = { cluster: true, point_count: 312, types: { shop: 200, tree: 112 } };
  assert.equal(markerLabel(mixed), "312 objects, mixed types");
  assert.equal(markerLabel({ cluster: true, point_count: 4, types: { tree: 4 }, colocated: true }), "4 objects, tree, all at one place");
  assert.equal(markerLabel({ id: "node/1", name: "Zara", type: "shop" }), "Zara, shop");
  assert.equal(featureID({ id: 4143, properties: { cluster: true } }), "4143");
  assert.equal(featureID({ properties: { id: "way/7" } }), "way/7");
  assert.equal(featureKind({ properties: { cluster: true }, geometry: { type: "Point" } }), "cluster");
  assert.equal(featureKind({ properties: {}, geometry: { type: "Point" } }), "marker");
  assert.equal(featureKind({ properties: {}, geometry: { type: "MultiLineString" } }), "line");
  assert.equal(featureKind({ properties: {}, geometry: { type: "Polygon" } }), "polygon");
});
