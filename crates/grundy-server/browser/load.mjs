// A bounded load test on loopback: REQUESTS requests, CONCURRENCY at a
// time, mixed endpoints; every answer must be 200 (the limits may slow
// answers, never fail them at this load). Prints p50 / p99 latency and
// requests per second. Usage: node load.mjs http://127.0.0.1:PORT [REQUESTS] [CONCURRENCY]
const [base, requestsArg, concurrencyArg] = process.argv.slice(2);
const requests = Number(requestsArg || 10000);
const concurrency = Number(concurrencyArg || 32);
const mix = [
  () => fetch(base + "/api/games"),
  () => fetch(base + "/api/analyze?game=0.77&n=500"),
  () => fetch(base + "/api/eval?game=kayles&position=9+4+13"),
  () => fetch(base + "/api/eval?game=wythoff&position=(5,8)+(3,4)"),
  () => fetch(base + "/api/moves?game=mock-turtles&position=THHTH"),
  () => fetch(base + "/api/play", { method: "POST", headers: { "Content-Type": "application/json" },
                                  body: JSON.stringify({ game: "kayles", position: ["7", "3"] }) }),
];
const latencies = [];
let next = 0, errors = 0;
const started = performance.now();
async function worker() {
  while (next < requests) {
    const i = next++;
    const t = performance.now();
    try {
      const response = await mix[i % mix.length]();
      await response.arrayBuffer();
      if (response.status !== 200) { errors++; console.error("status " + response.status + " for request " + i); }
    } catch (e) { errors++; console.error(String(e)); }
    latencies.push(performance.now() - t);
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
console.log(`load: ${requests} requests, ${concurrency} at a time: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${(requests / seconds).toFixed(0)} requests/s, ${errors} errors`);
process.exit(errors === 0 ? 0 : 1);
