// node's JSON.parse / JSON.stringify on the same file, for compare.sh. Usage: node node_json.js FILE RUNS
const fs = require('fs');
const [file, runs] = [process.argv[2], Number(process.argv[3] || 3)];
const text = fs.readFileSync(file, 'utf8');
const bytes = Buffer.byteLength(text);
for (let run = 0; run < runs; run++) {
  const start = process.cpuUsage();
  const value = JSON.parse(text);
  const parsed = process.cpuUsage(start);
  const written = JSON.stringify(value);
  const both = process.cpuUsage(start);
  const readSeconds = (parsed.user + parsed.system) / 1e6;
  const writeSeconds = (both.user + both.system) / 1e6 - readSeconds;
  console.log(`node read ${(bytes / readSeconds / 1e6).toFixed(1)} MB/s write ${(Buffer.byteLength(written) / writeSeconds / 1e6).toFixed(1)} MB/s`);
}
