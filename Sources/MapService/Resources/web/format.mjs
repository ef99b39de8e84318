// Words and numbers the page shows: distances in the chosen unit system, durations, page
// ranges and the labels screen readers say. No DOM, so node's test runner checks them.

/** "1.2 km", "850 m", "0.7 mi", "420 ft" from metres in "metric" or "imperial". */
export function distance(metres, units = "metric") {
  if (units === "imperial") {
    const miles = metres / 1609.344;
    return miles >= 0.1 ? `${miles.toFixed(miles < 100 ? 1 : 0)} mi` : `${Math.round(metres / 0.3048)} ft`;
  }
  // One decimal below 100 km, as the engine's route labels ("14.0 km").
  return metres >= 1000 ? `${(metres / 1000).toFixed(metres < 100000 ? 1 : 0)} km` : `${Math.round(metres)} m`;
}

/** "45 s", "28 min", "1 h 05 min" from seconds. */
export function duration(seconds) {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/** "21–40 of 312" for page 2 of 20 per page; "0 of 0" when empty. */
export function pageRange(page, limit, total) {
  if (total === 0) return "0 of 0";
  const first = (page - 1) * limit + 1;
  return `${first}–${Math.min(page * limit, total)} of ${total}`;
}

/** The unit `/near` takes for a radius in the unit system's larger unit. */
export function radiusUnit(units) {
  return units === "imperial" ? "mi" : "km";
}

/** What a screen reader says for a marker of the `/clusters` answer. */
export function markerLabel(properties) {
  if (properties.cluster) {
    const types = Object.keys(properties.types ?? {});
    const kind = types.length === 1 ? types[0] : "mixed types";
    const place = properties.colocated ? ", all at one place" : "";
    return `${properties.point_count} objects, ${kind}${place}`;
  }
  return [properties.name, properties.type].filter(Boolean).join(", ") || String(properties.id ?? "object");
}

/** The id the page gives a drawn feature: its top-level id, else `properties.id`. */
export function featureID(feature) {
  return String(feature.id ?? feature.properties?.id ?? "");
}

/** The element kind of a drawn feature: marker, cluster, line or polygon. */
export function featureKind(feature) {
  if (feature.properties?.cluster) return "cluster";
  const type = feature.geometry?.type ?? "";
  if (type.endsWith("Point")) return "marker";
  if (type.endsWith("LineString")) return "line";
  return "polygon";
}
