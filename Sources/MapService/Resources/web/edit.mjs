// Edit mode: draw a point, line or polygon on the map with vertex handles, validate every step
// with `/validate`, show each finding at its place and in the panel, and save through the
// dataset's objects; a refused save keeps the drawing and shows why.
import * as L from "/vendor/leaflet/leaflet.esm.js";
import { call, datasetPath, problemText } from "./api.mjs";
import { Drawing } from "./drawing.mjs";

export class EditMode {
  constructor(map, panel, { dataset, onSaved }) {
    this.map = map;
    this.panel = panel;
    this.dataset = dataset;
    this.onSaved = onSaved;
    this.layer = L.layerGroup().addTo(map);
    this.drawing = null;
    this.validation = 0;
    this.findings = [];
    map.on("click", (event) => this.#click(event));
    map.on("dblclick", () => this.#finish());
    document.addEventListener("keydown", (event) => {
      if (!this.drawing || !this.panel.contains(document.activeElement) && document.activeElement !== document.body) return;
      if (event.key === "Delete" && this.selectedVertex !== undefined) this.#step(() => this.drawing.remove(this.selectedVertex));
    });
    for (const kind of ["point", "line", "polygon"]) {
      panel.querySelector(`[data-action="draw-${kind}"]`).addEventListener("click", () => this.start(kind));
    }
    panel.querySelector('[data-action="undo"]').addEventListener("click", () => this.#step(() => this.drawing?.undo()));
    panel.querySelector('[data-action="redo"]').addEventListener("click", () => this.#step(() => this.drawing?.redo()));
    panel.querySelector('[data-action="save"]').addEventListener("click", () => this.save());
    this.#render();
  }

  get active() { return !this.panel.hidden && this.drawing !== null; }

  /** Starts a new drawing of `kind`. */
  start(kind) {
    this.drawing = new Drawing(kind);
    this.findings = [];
    this.panel.querySelector(".saved").textContent = "";
    this.map.doubleClickZoom.disable();
    this.map.getContainer().classList.add("drawing");
    for (const button of this.panel.querySelectorAll("[data-action^=draw-]")) {
      button.setAttribute("aria-pressed", String(button.dataset.action === `draw-${kind}`));
    }
    this.#render();
  }

  /** Stops drawing (the panel was closed). */
  stop() {
    this.drawing = null;
    this.map.doubleClickZoom.enable();
    this.map.getContainer().classList.remove("drawing");
    this.#render();
  }

  #click(event) {
    if (!this.active || this.drawing.finished) return;
    this.#step(() => this.drawing.add([round(event.latlng.lng), round(event.latlng.lat)]));
  }

  #finish() {
    if (!this.active || this.drawing.finished || this.drawing.kind !== "line") return;
    // The double-click's two clicks each added a vertex at one place: drop the second.
    const positions = this.drawing.positions;
    if (positions.length >= 2 && same(positions.at(-1), positions.at(-2))) this.drawing.positions.pop();
    this.#step(() => this.drawing.finish());
  }

  #step(change) {
    if (!this.drawing) return;
    change();
    this.#render();
    this.validate();
  }

  /** The feature drawn so far, with the type and name of the panel. */
  feature() {
    const properties = { type: this.panel.querySelector("#edit-type").value || "building" };
    const name = this.panel.querySelector("#edit-name").value;
    if (name) properties.name = name;
    return { type: "Feature", properties, geometry: this.drawing?.geometry() ?? null };
  }

  /** Validates the drawing; only the latest answer is shown. */
  async validate() {
    const feature = this.feature();
    if (!feature.geometry) { this.findings = []; this.#render(); return; }
    const ticket = ++this.validation;
    const answer = await call("/validate", { method: "POST", body: { type: "FeatureCollection", features: [feature] } });
    if (ticket !== this.validation) return;
    this.findings = answer.ok ? answer.data.features[0].properties.findings : [{ severity: "error", user_message: problemText(answer) }];
    this.#render();
  }

  /** Saves the drawing as a new object; a refusal shows its findings and keeps the drawing. */
  async save() {
    const note = this.panel.querySelector(".saved");
    if (!this.drawing?.finished) { note.textContent = "Finish the drawing first."; return; }
    const answer = await call(datasetPath(this.dataset(), "objects"), { method: "POST", body: this.feature() });
    if (answer.ok) {
      note.textContent = `Saved as ${answer.data.id ?? answer.data.properties?.id}.`;
      this.drawing = null;
      this.findings = [];
      this.#render();
      this.onSaved?.(answer.data);
    } else {
      this.findings = answer.data?.findings ?? [{ severity: "error", user_message: problemText(answer) }];
      note.textContent = "Not saved: " + (this.findings.some((f) => f.severity === "error") ? "fix the findings above." : problemText(answer));
      this.#render();
    }
  }

  #render() {
    this.layer.clearLayers();
    const drawing = this.drawing;
    const list = this.panel.querySelector(".findings");
    list.replaceChildren(...this.findings.map((finding) => {
      const item = document.createElement("li");
      item.className = finding.severity;
      item.dataset.kind = finding.kind ?? "";
      item.textContent = finding.user_message ?? finding.message;
      return item;
    }));
    this.panel.querySelector('[data-action="undo"]').disabled = !drawing?.canUndo;
    this.panel.querySelector('[data-action="redo"]').disabled = !drawing?.canRedo;
    this.panel.querySelector('[data-action="save"]').disabled = !drawing?.finished;
    if (!drawing) return;
    const latLngs = drawing.positions.map(([lon, lat]) => [lat, lon]);
    const style = { color: "#0a6ed1", weight: 3, dashArray: drawing.finished ? null : "6 4" };
    if (drawing.kind === "polygon" && latLngs.length >= 3) L.polygon(latLngs, style).addTo(this.layer);
    else if (drawing.kind !== "point" && latLngs.length >= 2) L.polyline(latLngs, style).addTo(this.layer);
    // A crossing is a segment's fault: it is drawn red from its vertex to the next; other
    // findings with a vertex mark that vertex.
    const crossing = (f) => String(f.kind ?? "").includes("intersection");
    for (const finding of this.findings.filter((f) => crossing(f) && Number.isInteger(f.vertex) && latLngs.length >= 2)) {
      const from = latLngs[finding.vertex % latLngs.length], to = latLngs[(finding.vertex + 1) % latLngs.length];
      const segment = L.polyline([from, to], { color: "#bb0000", weight: 6, opacity: 0.8, interactive: false }).addTo(this.layer);
      segment.getElement()?.setAttribute("data-kind", "finding-segment");
    }
    const flagged = new Set(this.findings.filter((f) => !crossing(f) && Number.isInteger(f.vertex)).map((f) => f.vertex));
    latLngs.forEach((latLng, index) => this.#vertex(latLng, index, flagged.has(index)));
    const closing = drawing.kind === "polygon" ? latLngs.length : latLngs.length - 1;
    for (let index = 0; index < closing && latLngs.length >= 2; index++) {
      const next = latLngs[(index + 1) % latLngs.length];
      this.#midpoint([(latLngs[index][0] + next[0]) / 2, (latLngs[index][1] + next[1]) / 2], index + 1);
    }
    for (const finding of this.findings) {
      if (!Array.isArray(finding.location)) continue;
      const icon = L.divIcon({ className: "me-finding", iconSize: [12, 12] });
      L.marker([finding.location[1], finding.location[0]], { icon, interactive: false, keyboard: false })
        .bindTooltip(finding.user_message, { permanent: true, direction: "right", className: "finding-tip" }).addTo(this.layer);
    }
  }

  #vertex(latLng, index, flagged) {
    const first = index === 0 && this.drawing.kind === "polygon";
    const icon = L.divIcon({ className: `me-vertex${first ? " first" : ""}${flagged ? " flagged" : ""}`, iconSize: [14, 14] });
    const handle = L.marker(latLng, { icon, draggable: true, keyboard: true, title: `Vertex ${index + 1}` }).addTo(this.layer);
    const element = handle.getElement();
    element.dataset.kind = "vertex";
    element.dataset.index = String(index);
    if (flagged) element.style.borderColor = "#bb0000";
    handle.on("click", (event) => {
      L.DomEvent.stop(event);
      this.selectedVertex = index;
      if (first && !this.drawing.finished && this.drawing.positions.length >= 3) this.#step(() => this.drawing.finish());
    });
    handle.on("contextmenu", (event) => { L.DomEvent.stop(event); this.#step(() => this.drawing.remove(index)); });
    handle.on("dragend", () => {
      const moved = handle.getLatLng();
      this.#step(() => this.drawing.move(index, [round(moved.lng), round(moved.lat)]));
    });
  }

  #midpoint(latLng, index) {
    const icon = L.divIcon({ className: "me-midpoint", iconSize: [10, 10] });
    const handle = L.marker(latLng, { icon, keyboard: false, title: "Insert a vertex" }).addTo(this.layer);
    handle.getElement().dataset.kind = "midpoint";
    handle.on("click", (event) => {
      L.DomEvent.stop(event);
      this.#step(() => this.drawing.insert(index, [round(latLng[1]), round(latLng[0])]));
    });
  }
}

const round = (value) => Math.round(value * 1e7) / 1e7;
const same = (a, b) => a[0] === b[0] && a[1] === b[1];
