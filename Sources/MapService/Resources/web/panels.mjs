// The side panels (bottom sheets in the compact layout): open, close, and the part of the map
// they cover. A toolbar button with the panel's name toggles it and says whether it is open.
import { panelInsets } from "./layout.mjs";

export class Panels {
  constructor(mapElement, onChange) {
    this.mapElement = mapElement;
    this.onChange = onChange;
    this.container = document.getElementById("panels");
    for (const section of this.container.querySelectorAll("[data-panel]")) {
      section.querySelector(".close").addEventListener("click", () => this.close(section.dataset.panel));
    }
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      const open = [...this.container.querySelectorAll("[data-panel]:not([hidden])")].pop();
      if (open) this.close(open.dataset.panel);
    });
    this.#update();
  }

  section(name) { return this.container.querySelector(`[data-panel="${name}"]`); }

  isOpen(name) { return !this.section(name).hidden; }

  open(name) {
    const section = this.section(name);
    const wasOpen = !section.hidden;
    section.hidden = false;
    this.#update();
    if (!wasOpen) section.querySelector("button, input, select")?.focus({ preventScroll: true });
    return section;
  }

  close(name) {
    this.section(name).hidden = true;
    this.#update();
  }

  toggle(name) { return this.isOpen(name) ? (this.close(name), null) : this.open(name); }

  /**
   * The insets `{top, right, bottom, left}` of the map the open panels cover: the whole panel
   * column (or bottom sheet), whose size does not change with what the panels hold, so a camera
   * fitted now stays clear when a list or legend fills later.
   */
  insets() {
    const open = this.container.querySelector("[data-panel]:not([hidden])");
    return panelInsets(this.mapElement.getBoundingClientRect(), open ? [this.container.getBoundingClientRect()] : []);
  }

  #update() {
    const open = this.container.querySelectorAll("[data-panel]:not([hidden])").length > 0;
    this.container.classList.toggle("closed", !open);
    for (const section of this.container.querySelectorAll("[data-panel]")) {
      const button = document.querySelector(`[aria-controls="${section.id}"]`);
      button?.setAttribute("aria-pressed", String(!section.hidden));
    }
    this.onChange?.();
  }
}

/** Fills a list with one button per feature (its name, type and id); `onPick(feature)`. */
export function fillList(list, features, onPick, extra = () => "") {
  list.replaceChildren(...features.map((feature) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    const p = feature.properties ?? {};
    const id = String(feature.id ?? p.id ?? "");
    button.type = "button";
    button.dataset.id = id;
    button.textContent = [p.name ?? id, p.type, extra(feature)].filter(Boolean).join(" · ");
    button.addEventListener("click", () => onPick(feature));
    item.append(button);
    return item;
  }));
}
