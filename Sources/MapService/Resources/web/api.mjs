// The map service's answers as the page asks for them. Every call returns `{ok, status, data}`
// (data: the parsed JSON, a problem's body included); a network failure or abort throws.

/** GETs or POSTs `path`; a body is sent as JSON (GeoJSON when it has a `type`). */
export async function call(path, { method = "GET", body, signal, headers = {} } = {}) {
  const init = { method, signal, headers: { Accept: "application/json, application/geo+json", ...headers } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers["Content-Type"] = typeof body === "object" && body?.type ? "application/geo+json" : "application/json";
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { detail: text }; }
  return { ok: response.ok, status: response.status, data, etag: response.headers.get("ETag") };
}

/** A path below a dataset, its name and the id segments percent-encoded. */
export function datasetPath(dataset, ...segments) {
  return ["", "datasets", dataset, ...segments].map((s, i) => (i === 0 ? s : encodeURIComponent(s))).join("/");
}

/** A query string from the entries that have a value. */
export function query(values) {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== "");
  return entries.length ? "?" + new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString() : "";
}

/** A problem's message for the user: its detail, or the status. */
export function problemText(answer) {
  return answer.data?.detail ?? `The service answered ${answer.status}.`;
}
