// A bounded load test on loopback: REQUESTS requests, CONCURRENCY at a
// time, mixed endpoints; every answer must be 200 (the limits may slow
// answers, never fail them at this load). Prints p50 / p99 latency and
// requests per second. Then the hostile phase (issue 52): 16 requests that
// search until the deadline are kept in flight while cheap requests (Nim,
// a proved period, Wythoff's theorem) are timed one after another; every
// cheap one must be answered (200), beside the searches holding the
// computation slots. Prints the cheap requests' p50 / p99.
// Usage: node load.mjs http://127.0.0.1:PORT [REQUESTS] [CONCURRENCY]
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

// The hostile phase.
const expensive = [
  () => fetch(base + "/api/eval?game=cram&position=5x9"),
  () => fetch(base + "/api/eval?game=chomp&position=32x255"),
  () => fetch(base + "/api/moves?game=ruler&position=50"),
  () => fetch(base + "/api/eval?game=node-kayles&position=grid:5x20"),
  () => fetch(base + "/api/play", { method: "POST", headers: { "Content-Type": "application/json" },
                                  body: JSON.stringify({ game: "ruler", position: ["50"] }) }),
];
const cheap = [
  () => fetch(base + "/api/eval?game=nim&position=3%204%205"),
  () => fetch(base + "/api/eval?game=kayles&position=1000000000000000000"),
  () => fetch(base + "/api/eval?game=wythoff&position=(1000000,1618034)"),
  () => fetch(base + "/api/moves?game=nim&position=3%204%205"),
];
let hostile = true, expensiveDone = 0;
async function attacker(k) {
  while (hostile) {
    try { const r = await expensive[k % expensive.length](); await r.arrayBuffer(); } catch (e) { }
    expensiveDone++;
  }
}
const attackers = Array.from({ length: 16 }, (_, k) => attacker(k));
await new Promise((done) => setTimeout(done, 500));
const cheapLatencies = [];
let cheapErrors = 0;
for (let i = 0; i < 400; i++) {
  const t = performance.now();
  try {
    const response = await cheap[i % cheap.length]();
    await response.arrayBuffer();
    if (response.status !== 200) { cheapErrors++; console.error("cheap request " + i + ": status " + response.status); }
  } catch (e) { cheapErrors++; console.error(String(e)); }
  cheapLatencies.push(performance.now() - t);
  // Spread over several deadlines of the searches (2 s each).
  await new Promise((done) => setTimeout(done, 15));
}
hostile = false;
await Promise.all(attackers);
cheapLatencies.sort((a, b) => a - b);
const cheapAt = (q) => cheapLatencies[Math.min(cheapLatencies.length - 1, Math.floor(q * cheapLatencies.length))].toFixed(2);
console.log(`hostile: 400 cheap requests beside 16 searches in flight (${expensiveDone} searches answered): p50 ${cheapAt(0.5)} ms, p99 ${cheapAt(0.99)} ms, ${cheapErrors} errors`);
process.exit(errors === 0 && cheapErrors === 0 ? 0 : 1);
