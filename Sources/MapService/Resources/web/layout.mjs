// Geometry of the screen: which part of the map the open panels cover (the insets zoom
// extents leaves free), and the box and zoom a view asks `/clusters` for. No DOM.

/**
 * The insets `{top, right, bottom, left}` in pixels that panels cover on a map, from their
 * rectangles (`{left, top, right, bottom}` in page pixels). A panel as wide as the map is a
 * bottom or top sheet; others cover the side they are nearer to.
 */
export function panelInsets(map, panels) {
  const insets = { top: 0, right: 0, bottom: 0, left: 0 };
  const width = map.right - map.left;
  for (const panel of panels) {
    const left = Math.max(panel.left, map.left), right = Math.min(panel.right, map.right);
    const top = Math.max(panel.top, map.top), bottom = Math.min(panel.bottom, map.bottom);
    if (right <= left || bottom <= top) continue;
    if (right - left >= 0.9 * width) {
      if (top - map.top > map.bottom - bottom) insets.bottom = Math.max(insets.bottom, map.bottom - top);
      else insets.top = Math.max(insets.top, bottom - map.top);
    } else if (left - map.left <= map.right - right) {
      insets.left = Math.max(insets.left, right - map.left);
    } else {
      insets.right = Math.max(insets.right, map.right - left);
    }
  }
  for (const side of Object.keys(insets)) insets[side] = Math.ceil(insets[side]);
  return insets;
}

/** A longitude in [-180, 180]. */
export function wrapLongitude(longitude) {
  if (longitude >= -180 && longitude <= 180) return longitude;
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && longitude > 0 ? 180 : wrapped;
}

/**
 * The box `[west, south, east, north]` `/clusters` takes for the map's bounds: the whole world's
 * longitudes when the view spans 360° or more, else wrapped (west > east across ±180);
 * latitudes clamped to Web Mercator's.
 */
export function viewBox(west, south, east, north) {
  const limit = 85.0511287798;
  const clamp = (latitude) => Math.max(-limit, Math.min(limit, latitude));
  const round = (value) => Math.round(value * 1e7) / 1e7;
  if (east - west >= 360) return [-180, clamp(south), 180, clamp(north)].map(round);
  return [wrapLongitude(west), clamp(south), wrapLongitude(east), clamp(north)].map(round);
}

/** `?dataset=NAME&zoom=Z&center=LON,LAT` read into `{dataset, zoom, center: [lon, lat]}`. */
export function openingView(search) {
  const query = new URLSearchParams(search);
  const view = {};
  if (query.get("dataset")) view.dataset = query.get("dataset");
  const zoom = Number.parseFloat(query.get("zoom"));
  if (Number.isFinite(zoom)) view.zoom = Math.max(0, Math.min(22, zoom));
  const center = (query.get("center") ?? "").split(",").map(Number.parseFloat);
  if (center.length === 2 && center.every(Number.isFinite) && Math.abs(center[1]) <= 90) view.center = [wrapLongitude(center[0]), center[1]];
  return view;
}
