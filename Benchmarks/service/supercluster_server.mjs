// The peer of `mapctl serve` for the throughput benchmark: a node HTTP server answering
// GET /datasets/places/clusters?bbox=W,S,E,N&zoom=Z with supercluster's getClusters as a
// FeatureCollection, on the same points and options (radius 40, extent 256, maxZoom 16).
// supercluster and kdbush come from the search tool's fetch at benchmark time (run.sh).
import http from 'node:http';
import fs from 'node:fs';
import zlib from 'node:zlib';
import Supercluster from 'supercluster';

const [, , file, port] = process.argv;
let text = fs.readFileSync(file);
if (file.endsWith('.gz')) text = zlib.gunzipSync(text);
const points = JSON.parse(text).features.filter((f) => f.geometry && f.geometry.type === 'Point');
const started = performance.now();
const index = new Supercluster({radius: 40, extent: 256, maxZoom: 16, minPoints: 2}).load(points);
console.error(`supercluster: ${points.length} points indexed in ${(performance.now() - started).toFixed(0)} ms`);

http.createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost');
    const bbox = (url.searchParams.get('bbox') || '-180,-90,180,90').split(',').map(Number);
    const zoom = Math.floor(Number(url.searchParams.get('zoom')));
    const body = JSON.stringify({type: 'FeatureCollection', features: index.getClusters(bbox, zoom)});
    response.writeHead(200, {'Content-Type': 'application/geo+json'});
    response.end(body);
}).listen(Number(port), '127.0.0.1', () => console.error(`listening on http://127.0.0.1:${port}`));
