// Draws a `/clusters` answer: clusters and single objects as focusable DOM markers, lines and
// polygons as SVG paths, each element with data-id, data-kind and data-selected.
import * as L from "/vendor/leaflet/leaflet.esm.js";
import { featureID, featureKind, markerLabel } from "./format.mjs";

export class MarkerLayer {
  /** `onTap(feature, kind)` is called for a click, Enter or Space on a drawn feature. */
  constructor(map, onTap) {
    this.map = map;
    this.onTap = onTap;
    this.shapes = L.layerGroup().addTo(map);
    this.points = L.layerGroup().addTo(map);
  }

  /** Replaces what is drawn with the features of `collection`. */
  draw(collection) {
    this.points.clearLayers();
    this.shapes.clearLayers();
    for (const feature of collection.features) {
      const kind = featureKind(feature);
      if (kind === "marker" || kind === "cluster") this.#point(feature, kind);
      else this.#shape(feature, kind);
    }
  }

  /** The number of point elements drawn (clusters and single objects). */
  get pointCount() { return this.points.getLayers().length; }

  #point(feature, kind) {
    const p = feature.properties ?? {};
    const coordinates = feature.geometry.type === "Point" ? feature.geometry.coordinates : feature.geometry.coordinates[0];
    const count = p.point_count_abbreviated ?? p.point_count;
    const size = kind === "cluster" ? Math.min(56, 28 + 4 * Math.log10(p.point_count)) : 18;
    const icon = L.divIcon({
      className: `me-${kind}`,
      html: kind === "cluster" ? `<span>${count}</span>` : "",
      iconSize: [size, size],
    });
    const marker = L.marker([coordinates[1], coordinates[0]], { icon, keyboard: true, title: markerLabel(p) }).addTo(this.points);
    const element = marker.getElement();
    this.#tag(element, feature, kind);
    element.style.setProperty("--colour", p["marker-color"] ?? "#848F94");
    element.setAttribute("role", "button");
    element.setAttribute("aria-label", markerLabel(p));
    marker.on("click", () => this.onTap(feature, kind));
    element.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); this.onTap(feature, kind); }
    });
  }

  #shape(feature, kind) {
    const p = feature.properties ?? {};
    const colour = p.stroke ?? p.fill ?? "#848F94";
    const layer = L.geoJSON(feature, {
      style: { color: colour, weight: (kind === "line" ? 2.5 : 1.5) + (p.selected ? 2 : 0), fillColor: p.fill ?? colour, fillOpacity: 0.25 },
    }).addTo(this.shapes);
    layer.eachLayer((path) => {
      const element = path.getElement?.();
      if (element) this.#tag(element, feature, kind);
      path.on("click", () => this.onTap(feature, kind));
    });
  }

  #tag(element, feature, kind) {
    element.dataset.id = featureID(feature);
    element.dataset.kind = kind;
    if (feature.properties?.selected) element.dataset.selected = "true";
  }
}
