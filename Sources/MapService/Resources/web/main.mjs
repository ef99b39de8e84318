// The map screen: markers and clusters of the view, the panels of the map pattern, and
// `window.mapEngine` for tests ({view, ready}).
import * as L from "/vendor/leaflet/leaflet.esm.js";
import { call, datasetPath, problemText, query } from "./api.mjs";
import { EditMode } from "./edit.mjs";
import { distance, pageRange, radiusUnit } from "./format.mjs";
import { openingView, viewBox } from "./layout.mjs";
import { MarkerLayer } from "./markers.mjs";
import { Panels, fillList } from "./panels.mjs";
import { RoutePlanner, showDirections } from "./routing.mjs";

const $ = (selector) => document.querySelector(selector);
const status = (text) => { $("#status").textContent = text; };
const opening = openingView(location.search);

const map = L.map("map", { zoomControl: false, worldCopyJump: true, minZoom: 1, maxZoom: 20 });
// Panels open on the left (or as a bottom sheet): the zoom buttons stay clear of them.
L.control.zoom({ position: "topright" }).addTo(map);
// The base map has its own pane below the objects, so its roads never cover them.
map.createPane("basemap").style.zIndex = 250;
const panels = new Panels($("#map"), () => {});
// The toolbar wraps and the window turns; Leaflet must know the map's new size at once.
new ResizeObserver(() => map.invalidateSize({ pan: false })).observe($("#map"));
const basemap = L.geoJSON(null, {
  pane: "basemap",
  interactive: false,
  style: (feature) => feature.properties.layer === "road"
    ? { color: "#ffffff", weight: 3, opacity: 0.9 }
    : { color: "#a7a9ab", weight: 1, fillColor: "#f2efe9", fillOpacity: 1 },
}).addTo(map);
map.attributionControl.addAttribution("Made with Natural Earth · © OpenStreetMap contributors");

let datasets = [], roads = [], dataset = opening.dataset, selected = null, lastAnswer = null;
const markers = new MarkerLayer(map, (feature, kind) => tap(feature, kind));
const overlay = L.layerGroup().addTo(map);

// ---- The markers of the view: fetched after every move, the one in flight aborted. ----
let drawnView = null, drawnKey = null, moving = false, debounce = null, inFlight = null, pending = 0;
const waiting = [];

function currentView() {
  const bounds = map.getBounds();
  return { zoom: map.getZoom(), bbox: viewBox(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()) };
}

let loaded = false;
map.on("load", () => { loaded = true; });

function settle() {
  if (!loaded || moving || debounce || pending > 0 || drawnKey !== JSON.stringify(currentView())) return;
  for (const resolve of waiting.splice(0)) resolve();
}

function scheduleRefresh() {
  clearTimeout(debounce);
  debounce = setTimeout(() => { debounce = null; refresh(); }, 120);
}

async function refresh() {
  if (!dataset) return;
  inFlight?.abort();
  const controller = (inFlight = new AbortController());
  const view = currentView();
  const types = $("#type-filter").value;
  pending++;
  try {
    const path = datasetPath(dataset, "clusters") + query({ zoom: view.zoom, bbox: view.bbox.join(","), types, selected });
    const answer = await call(path, { signal: controller.signal });
    if (controller.signal.aborted) return;
    if (!answer.ok) { status(problemText(answer)); markers.draw({ features: [] }); }
    else { lastAnswer = answer.data; markers.draw(answer.data); showLegend(answer.data.legend ?? []); }
    drawnView = view;
    drawnKey = JSON.stringify(view);
    status(`${markers.pointCount} markers · zoom ${view.zoom}`);
  } catch (error) {
    if (error.name !== "AbortError") status(`The service cannot be reached: ${error.message}`);
  } finally {
    pending--;
    settle();
  }
  refreshBasemap(view);
}

let basemapKey = null;
async function refreshBasemap(view) {
  const zoom = Math.floor(view.zoom);
  const key = `${zoom}:${view.bbox}`;
  if (key === basemapKey) return;
  basemapKey = key;
  pending++;
  try {
    const answer = await call("/basemap" + query({ zoom, bbox: view.bbox.join(",") }));
    if (answer.ok && basemapKey === key) { basemap.clearLayers(); basemap.addData(answer.data); }
  } catch { /* the base map is a backdrop; the markers still show */ } finally { pending--; settle(); }
}

map.on("movestart zoomstart", () => { moving = true; });
map.on("moveend", () => { moving = false; scheduleRefresh(); });

// ---- Taps: a cluster opens its list, an object its details. ----
let listCluster = null, listPage = 1;
const pageSize = 20;

function tap(feature, kind) {
  if (edit.active) return;
  if (kind === "cluster") openList(feature, 1);
  else showDetail(String(feature.id ?? feature.properties.id), feature);
}

async function openList(cluster, page) {
  listCluster = cluster;
  listPage = page;
  const section = panels.open("list");
  const p = cluster.properties;
  const types = Object.keys(p.types ?? {});
  section.querySelector("h2").textContent = `${p.point_count} objects` + (types.length === 1 ? ` · ${types[0]}` : "");
  section.querySelector('[data-action="zoom-in"]').hidden = Boolean(p.colocated);
  const answer = await call(datasetPath(dataset, "clusters", String(p.cluster_id), "members") + query({ page, limit: pageSize }));
  if (!answer.ok) { section.querySelector(".range").textContent = problemText(answer); return; }
  section.querySelector(".range").textContent = pageRange(answer.data.page, pageSize, answer.data.total);
  section.querySelector('[data-page="previous"]').disabled = answer.data.page <= 1;
  section.querySelector('[data-page="next"]').disabled = answer.data.page >= answer.data.pages;
  fillList(section.querySelector(".items"), answer.data.features, (feature) => showDetail(String(feature.id ?? feature.properties.id), feature));
}

$('[data-panel="list"] [data-page="previous"]').addEventListener("click", () => openList(listCluster, listPage - 1));
$('[data-panel="list"] [data-page="next"]').addEventListener("click", () => openList(listCluster, listPage + 1));
$('[data-action="zoom-in"]').addEventListener("click", () => {
  const p = listCluster.properties;
  const [lon, lat] = listCluster.geometry.coordinates;
  map.flyTo([lat, lon], Math.min(p.expansion_zoom, map.getMaxZoom()), { duration: 0.6 });
});

let detailFeature = null;
async function showDetail(id, feature) {
  const section = panels.open("detail");
  const answer = await call(datasetPath(dataset, "objects", id));
  const list = section.querySelector(".properties");
  section.querySelector(".directions").textContent = "";
  if (!answer.ok) { list.replaceChildren(); section.querySelector("h2").textContent = problemText(answer); return; }
  detailFeature = answer.data;
  const p = answer.data.properties ?? {};
  section.querySelector("h2").textContent = p.name ?? id;
  section.dataset.id = id;
  list.replaceChildren(...Object.entries(p).flatMap(([key, value]) => {
    const term = document.createElement("dt"), description = document.createElement("dd");
    term.textContent = key;
    description.textContent = typeof value === "object" ? JSON.stringify(value) : String(value);
    return [term, description];
  }));
  selected = id;
  scheduleRefresh();
  void feature;
}

// ---- Toolbar: extents, near me, legend, search, routes, edit. ----
$('[data-action="zoom-extents"]').addEventListener("click", zoomExtents);

async function zoomExtents() {
  map.invalidateSize({ pan: false });
  const size = map.getSize();
  const answer = await call(datasetPath(dataset, "extents"), {
    method: "POST", body: { width: size.x, height: size.y, insets: panels.insets(), padding: 16, tileSize: 256, snap: 1, maxZoom: 18 },
  });
  if (!answer.ok) { status(problemText(answer)); return; }
  const [lon, lat] = answer.data.center;
  map.setView([lat, lon], answer.data.zoom, { animate: false });
}

$('[data-action="near-me"]').addEventListener("click", () => panels.toggle("settings"));
$('[data-action="set-position"]').addEventListener("click", () => setPosition(map.getCenter()));
$('[data-action="find-near"]').addEventListener("click", findNear);
const positionMarker = L.marker([0, 0], { icon: L.divIcon({ className: "me-position", iconSize: [16, 16] }), keyboard: false, title: "My position" });

function setPosition(latLng) {
  $("#my-lon").value = latLng.lng.toFixed(5);
  $("#my-lat").value = latLng.lat.toFixed(5);
  positionMarker.setLatLng(latLng).addTo(map);
}

function myPosition() { return [Number.parseFloat($("#my-lon").value), Number.parseFloat($("#my-lat").value)]; }
const units = () => $("#units").value;
const nearLimit = 100;

async function findNear() {
  const section = panels.open("settings");
  const [lon, lat] = myPosition();
  const radius = Number.parseFloat($("#radius").value);
  const answer = await call(datasetPath(dataset, "near") + query({ lon, lat, radius, units: radiusUnit(units()), limit: nearLimit }));
  if (!answer.ok) { section.querySelector(".range").textContent = problemText(answer); return; }
  const found = answer.data.features;
  const within = `within ${radius} ${radiusUnit(units())}`;
  section.querySelector(".range").textContent = found.length === nearLimit ? `The nearest ${nearLimit} ${within}` : `${found.length} ${within}`;
  fillList(section.querySelector(".items"), found, (feature) => showDetail(String(feature.id ?? feature.properties.id), feature),
    (feature) => distance(feature.properties.distance_m ?? 0, units()));
  overlay.clearLayers();
  const metres = radius * (units() === "imperial" ? 1609.344 : 1000);
  L.circle([lat, lon], { radius: metres, color: "#0a6ed1", weight: 1, fillOpacity: 0.05, interactive: false }).addTo(overlay);
}

$('[data-action="legend"]').addEventListener("click", () => panels.toggle("legend"));

function showLegend(legend) {
  $(".legend").replaceChildren(...legend.map((entry) => {
    const item = document.createElement("li");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.setProperty("--colour", entry.color);
    item.append(swatch, `${entry.title} (${entry.count})`);
    if (entry.mixed) item.dataset.mixed = "true";
    return item;
  }));
}

$('[data-action="search"]').addEventListener("click", () => { if (panels.toggle("search")) $("#search-text").focus(); });
let searchPage = 1;
$("form.search").addEventListener("submit", (event) => { event.preventDefault(); searchPage = 1; search(); });

async function search() {
  const section = panels.open("search");
  const text = $("#search-text").value.trim();
  if (!text) return;
  const answer = await call(datasetPath(dataset, "search") + query({ q: text, page: searchPage, limit: pageSize }));
  if (!answer.ok) { section.querySelector(".range").textContent = problemText(answer); return; }
  section.querySelector(".range").textContent = pageRange(answer.data.page, pageSize, answer.data.total);
  fillList(section.querySelector(".items"), answer.data.features, (feature) => showDetail(String(feature.id ?? feature.properties.id), feature));
}

const planner = new RoutePlanner(map, $('[data-panel="route"]'), units, () => panels.insets());
$('[data-action="route"]').addEventListener("click", () => panels.toggle("route"));
$("#units").addEventListener("change", () => { const route = [...planner.lines.keys()][0]; if (route) planner.select(route); });

$('[data-action="directions"]').addEventListener("click", async () => {
  const section = $('[data-panel="detail"]');
  const network = section.querySelector(".roads").value;
  const note = section.querySelector(".directions");
  if (!network) { note.textContent = "This service has no road network (start it with --roads NAME=FILE)."; return; }
  const to = representativePosition(detailFeature?.geometry);
  if (!to) { note.textContent = "This object has no place."; return; }
  await showDirections(overlay, network, myPosition(), to, units(), note);
});

/** A position of a geometry to route to: a point itself, else its first position. */
function representativePosition(geometry) {
  let coordinates = geometry?.coordinates;
  while (Array.isArray(coordinates?.[0])) coordinates = coordinates[0];
  return coordinates ?? null;
}

const edit = new EditMode(map, $('[data-panel="edit"]'), { dataset: () => dataset, onSaved: () => scheduleRefresh() });
$('[data-action="edit"]').addEventListener("click", () => { if (!panels.toggle("edit")) edit.stop(); });
$('[data-panel="edit"] .close').addEventListener("click", () => edit.stop());

$("#type-filter").addEventListener("change", scheduleRefresh);
$("#dataset").addEventListener("change", () => { dataset = $("#dataset").value; selected = null; start(); });

// ---- Start: the datasets, then the opening view (from the URL or the data's extent). ----
async function start() {
  const entry = datasets.find((d) => d.name === dataset) ?? datasets[0];
  if (!entry) { status("This service has no dataset ready."); return; }
  dataset = entry.name;
  $("#dataset").value = dataset;
  $("#type-filter").replaceChildren(new Option("all types", ""), ...entry.types.map((type) => new Option(type, type)));
  $("#edit-types").replaceChildren(...entry.types.map((type) => new Option(type)));
  // A table answered by its database has no text index: say so instead of offering search.
  const searchButton = $('[data-action="search"]');
  searchButton.disabled = entry.served === "database";
  searchButton.title = searchButton.disabled ? "Search needs a dataset held in memory; this one is answered by its database table" : "";
  if (opening.zoom !== undefined || opening.center) {
    const center = opening.center ?? (entry.bbox ? [(entry.bbox[0] + entry.bbox[2]) / 2, (entry.bbox[1] + entry.bbox[3]) / 2] : [0, 0]);
    map.setView([center[1], center[0]], opening.zoom ?? 12, { animate: false });
    opening.zoom = opening.center = undefined;
  } else if (entry.bbox) {
    map.fitBounds([[entry.bbox[1], entry.bbox[0]], [entry.bbox[3], entry.bbox[2]]], { animate: false });
  } else {
    map.setView([0, 0], 2, { animate: false });
  }
  if (!$("#my-lon").value) setPosition(map.getCenter());
  scheduleRefresh();
}

async function boot() {
  pending++;
  try {
    const answer = await call("/datasets");
    if (!answer.ok) { status(problemText(answer)); return; }
    datasets = answer.data.datasets;
    roads = answer.data.roads ?? [];
    $("#dataset").replaceChildren(...datasets.map((d) => new Option(`${d.name} (${d.count})`, d.name)));
    $('[data-panel="detail"] .roads').replaceChildren(...roads.map((r) => new Option(r.name, r.name)));
    await start();
  } finally { pending--; }
}

window.mapEngine = {
  /** The zoom and box the drawn markers were asked for. */
  view: () => drawnView && { zoom: drawnView.zoom, bbox: [...drawnView.bbox] },
  /** Resolves once the camera is still, nothing is in flight and the view's markers are drawn. */
  // Two frames first: a camera change asked for just before has then begun to move.
  ready: () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => { waiting.push(resolve); settle(); }))),
  /** The page pixel of `[lon, lat]` in the map, and the map's size and panel insets (tests). */
  project: ([lon, lat]) => { const p = map.latLngToContainerPoint([lat, lon]); return [p.x, p.y]; },
  size: () => { const s = map.getSize(); return [s.x, s.y]; },
  insets: () => panels.insets(),
  map,
};

boot();
