// Runs the offline engine under Node and answers requests read as JSON lines on standard
// input, one JSON line each on standard output: {"serve": {method, url, headers, body}} gives
// {status, headers, body}; {"replay": "…scenario…"} gives what tavoloReplay returns;
// {"settings": {…}} hands the device's settings to tavoloSettings and gives {settings: null
// or why refused}; tables kept by the engine are reported as {"kept": id, "record": …}
// lines before the answer.
// Usage: node drive.mjs ENGINE.wasm wasm_exec.js KEY
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const [wasmPath, loaderPath, key] = process.argv.slice(2);
await import(pathToFileURL(loaderPath).href);

const out = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
const ready = new Promise((resolve) => {
  globalThis.tavoloOffline = {
    key,
    tables: [],
    keep: (id, record) => out({ kept: id, record }),
    ready: resolve,
  };
});
const go = new globalThis.Go();
const started = performance.now();
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), go.importObject);
go.run(instance);
await ready;
out({ started: performance.now() - started });

const enc = new TextEncoder();
const dec = new TextDecoder();
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const msg = JSON.parse(line);
  if (msg.settings !== undefined) {
    out({ settings: globalThis.tavoloSettings(JSON.stringify(msg.settings)) });
    continue;
  }
  if (msg.replay !== undefined) {
    out({ replay: JSON.parse(globalThis.tavoloReplay(msg.replay)) });
    continue;
  }
  const r = msg.serve;
  const t0 = performance.now();
  const res = await globalThis.tavoloServe({ method: r.method, url: r.url, headers: r.headers || [], body: r.body ? enc.encode(r.body) : null });
  out({ status: res.status, headers: res.headers, body: dec.decode(res.body), ms: performance.now() - t0 });
}
process.exit(0);
