// Unit tests of the screen's geometry (node --test).
import assert from "node:assert/strict";
import test from "node:test";
import { openingView, panelInsets, viewBox, wrapLongitude } from "../../../Sources/MapService/Resources/web/layout.mjs";

const map = { left: 0, top: 48, right: 1280, bottom: 800 };

test("a side panel covers its side, a sheet the bottom, nothing when closed", () => {
  assert.deepEqual(panelInsets(map, []), { top: 0, right: 0, bottom: 0, left: 0 });
  assert.deepEqual(panelInsets(map, [{ left: 10, top: 58, right: 350, bottom: 790 }]), { top: 0, right: 0, bottom: 0, left: 350 });
  assert.deepEqual(panelInsets(map, [{ left: 930, top: 58, right: 1270, bottom: 400 }]), { top: 0, right: 350, bottom: 0, left: 0 });
  const phone = { left: 0, top: 71, right: 390, bottom: 844 };
  assert.deepEqual(panelInsets(phone, [{ left: 0, top: 496, right: 390, bottom: 844 }]), { top: 0, right: 0, bottom: 348, left: 0 });
  assert.deepEqual(panelInsets(map, [{ left: 2000, top: 0, right: 2100, bottom: 10 }]), { top: 0, right: 0, bottom: 0, left: 0 });
});

test("view boxes wrap across the antimeridian and clamp to Web Mercator", () => {
  assert.deepEqual(viewBox(24.93, 60.16, 24.96, 60.18), [24.93, 60.16, 24.96, 60.18]);
  assert.deepEqual(viewBox(170, -20, 190, -10), [170, -20, -170, -10]);
  assert.deepEqual(viewBox(-400, -89, 400, 89), [-180, -85.0511288, 180, 85.0511288]);
  assert.equal(wrapLongitude(180), 180);
  assert.equal(wrapLongitude(-180), -180);
  assert.equal(wrapLongitude(540), 180);
  assert.equal(wrapLongitude(-190), 170);
});

test("the opening view from the address", () => {
  assert.deepEqual(openingView("?dataset=places&zoom=12&center=24.94,60.17"), { dataset: "places", zoom: 12, center: [24.94, 60.17] });
  assert.deepEqual(openingView("?zoom=abc&center=1,95"), {});
  assert.deepEqual(openingView(""), {});
});
