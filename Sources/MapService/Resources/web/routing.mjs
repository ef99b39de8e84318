// Routes and directions on the map: the order of stop sites (`/route`) or several routes
// (`/fleet`) with numbered stops and a call-out of the totals, and directions along the roads
// (`/directions`) from the user's position.
import * as L from "/vendor/leaflet/leaflet.esm.js";
import { call, problemText } from "./api.mjs";
import { distance, duration } from "./format.mjs";

/** "200 stops · 584 items · 14.0 km · 28 min" from a route line's properties. */
export function routeTotals(properties, units) {
  return [
    properties.route,
    `${properties.stop_count} stops`,
    `${properties.item_count} items`,
    distance(properties.distance_m, units),
    duration(properties.duration_s),
  ].filter(Boolean).join(" · ");
}

export class RoutePlanner {
  /** `units()` is the chosen unit system, `insets()` the map's edges the panels cover. */
  constructor(map, panel, units, insets) {
    this.map = map;
    this.panel = panel;
    this.units = units;
    this.insets = insets;
    this.layer = L.layerGroup().addTo(map);
    this.lines = new Map();
    panel.querySelector('[data-action="plan-route"]').addEventListener("click", () => this.plan());
  }

  /** Reads the chosen files and plans one route, or several with a vehicles file. */
  async plan() {
    const callout = this.panel.querySelector(".callout");
    const stopsFile = this.panel.querySelector("#stops-file").files[0];
    if (!stopsFile) { callout.textContent = "Choose a GeoJSON file of stop sites first."; return; }
    let stops;
    try { stops = JSON.parse(await stopsFile.text()); } catch (error) { callout.textContent = `${stopsFile.name}: ${error.message}`; return; }
    const vehiclesFile = this.panel.querySelector("#vehicles-file").files[0];
    let path = "/route";
    if (vehiclesFile) {
      try {
        const vehicles = JSON.parse(await vehiclesFile.text());
        stops.vehicles = vehicles.vehicles ?? vehicles;
      } catch (error) {
        callout.textContent = `${vehiclesFile.name}: ${error.message}`; return;
      }
      path = "/fleet";
    }
    callout.textContent = "Planning…";
    const answer = await call(path, { method: "POST", body: stops });
    if (!answer.ok) { callout.textContent = problemText(answer); return; }
    this.draw(answer.data);
  }

  /** Draws a `/route` or `/fleet` answer and fills the call-out and the list of routes. */
  draw(collection) {
    this.layer.clearLayers();
    // The objects step back while routes show.
    this.map.getContainer().classList.add("routing");
    this.lines.clear();
    const routes = collection.features.filter((f) => f.properties.role === "route");
    for (const route of routes) {
      const line = L.geoJSON(route, { style: { color: route.properties.color, weight: 5, opacity: 0.9 } }).addTo(this.layer);
      line.eachLayer((path) => {
        const element = path.getElement?.();
        if (element) { element.dataset.id = `route:${route.properties.route ?? 1}`; element.dataset.kind = "line"; }
      });
      this.lines.set(route.properties.route ?? "route", line);
    }
    for (const stop of collection.features.filter((f) => f.properties.role === "stop" || f.properties.role === "start")) {
      const p = stop.properties;
      const [lon, lat] = stop.geometry.coordinates;
      // The stop's number, and its item count as a badge.
      const html = p.role === "start" ? "Start" : `${p.sequence}<sup>${p.items ?? 0}</sup>`;
      const width = p.role === "start" ? 40 : String(p.sequence).length * 7 + 14;
      const icon = L.divIcon({ className: "me-stop", html, iconSize: [width, 20] });
      const marker = L.marker([lat, lon], { icon, keyboard: false, title: p.role === "start" ? "Start" : `Stop ${p.sequence}, ${p.items ?? 0} items` }).addTo(this.layer);
      marker.getElement().style.setProperty("--colour", p.color);
      marker.getElement().dataset.kind = "stop";
    }
    const list = this.panel.querySelector(".routes");
    list.replaceChildren(...routes.map((route) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.route = route.properties.route ?? "route";
      button.textContent = routeTotals(route.properties, this.units());
      button.addEventListener("click", () => this.select(button.dataset.route));
      item.append(button);
      return item;
    }));
    const first = routes[0];
    if (first) this.select(first.properties.route ?? "route");
    if (routes.length) {
      const free = this.insets();
      this.map.fitBounds(L.geoJSON(collection).getBounds(), {
        paddingTopLeft: [free.left + 16, free.top + 16], paddingBottomRight: [free.right + 16, free.bottom + 16],
      });
    }
  }

  /** Highlights one route and mutes the others; the call-out gives its totals. */
  select(name) {
    for (const [route, line] of this.lines) {
      const selected = route === name;
      line.setStyle({ opacity: selected ? 0.95 : 0.3, weight: selected ? 6 : 4 });
      line.unbindTooltip();
      if (selected) line.bringToFront();
      line.eachLayer((path) => { if (path.getElement?.()) path.getElement().dataset.selected = String(selected); });
    }
    const line = this.lines.get(name);
    const properties = line?.getLayers()[0]?.feature.properties;
    if (!properties) return;
    const totals = routeTotals(properties, this.units());
    this.panel.querySelector(".callout").textContent = totals;
    for (const button of this.panel.querySelectorAll(".routes button")) button.setAttribute("aria-pressed", String(button.dataset.route === name));
    line.bindTooltip(totals, { permanent: true, direction: "top", className: "route-callout" }).openTooltip();
  }
}

/** Draws directions along network `roads` from `from` to `to` (`[lon, lat]`); says how far. */
export async function showDirections(layer, roads, from, to, units, note) {
  layer.clearLayers();
  note.textContent = "Finding the way…";
  const answer = await call("/directions", { method: "POST", body: { roads, from, to } });
  if (!answer.ok) { note.textContent = problemText(answer); return; }
  const p = answer.data.properties;
  const line = L.geoJSON(answer.data, { style: { color: "#0a6ed1", weight: 6, opacity: 0.85 } }).addTo(layer);
  line.eachLayer((path) => { const e = path.getElement?.(); if (e) { e.dataset.kind = "line"; e.dataset.id = "directions"; } });
  note.textContent = `${distance(p.distance_m, units)} · ${duration(p.duration_s)} along the roads`;
  return line;
}
