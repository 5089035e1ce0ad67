// The riders' phones at a lunch peak, in a process of its own (node tests/bench/delivery-load.mjs
// PLAN_FILE): each rider sends their marks in their own order, one request at a time as the phone's
// outbox does, each send due at a fixed point of one overall schedule (RATE marks a second, an open
// loop: a slow answer delays the rider's next send, never anyone else's, and latency counts from
// when the send was due). Meanwhile each rider reads their run sheet now and then and the owner
// reads the progress. Prints what came back as one JSON line.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { port, rate, riders, reads } = plan;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function call(method, path, token, body) {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', (error) => resolve({ status: error.code || 'network', body: '' }));
    // An answer that never comes is an error, not a rider waiting forever.
    request.setTimeout(30_000, () =>
      request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })),
    );
    request.end(body);
  });
}

const percentile = (values, q) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

const start = performance.now() + 200;
const gapMs = 1000 / rate;
const sendLatencies = [];
const statuses = {};
const answers = { applied: 0, duplicate: 0, refused: 0 };
const refusals = {};
const appliedIds = [];
let worstLateMs = 0;
let marksSent = 0;

async function ride(rider) {
  for (const send of rider.sends) {
    const due = start + send.at * gapMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    worstLateMs = Math.max(worstLateMs, performance.now() - due);
    const answer = await call(
      'POST',
      '/api/delivery/marks/',
      rider.token,
      JSON.stringify({ marks: send.marks }),
    );
    sendLatencies.push(performance.now() - due);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    if (!send.resend) marksSent += send.marks.length;
    if (answer.status !== 200) continue;
    for (const result of JSON.parse(answer.body).results) {
      answers[result.status] += 1;
      if (result.status === 'refused')
        refusals[result.error_code] = (refusals[result.error_code] ?? 0) + 1;
      if (result.status === 'applied') appliedIds.push(result.id);
      // A re-sent batch must be answered duplicate; a first send, applied.
      if (send.resend !== (result.status === 'duplicate'))
        answers.unexpected = (answers.unexpected ?? 0) + 1;
    }
  }
}

let finished = false;
let finish;
// The readers stop waiting for their next read once the marks are sent (a minute's wait would
// leave the instances idle before a measured run that follows a warm-up).
const whenFinished = new Promise((resolve) => (finish = resolve));
const readLatencies = {};
const readStatuses = {};
async function poll(read) {
  let next = start + read.offsetMs;
  while (!finished) {
    const wait = next - performance.now();
    if (wait > 0) {
      let timer;
      await Promise.race([
        new Promise((resolve) => (timer = setTimeout(resolve, wait))),
        whenFinished,
      ]);
      clearTimeout(timer);
    }
    if (finished) break;
    const began = performance.now();
    const answer = await call('GET', read.path, read.token);
    (readLatencies[read.kind] ??= []).push(performance.now() - began);
    readStatuses[answer.status] = (readStatuses[answer.status] ?? 0) + 1;
    next += read.everyMs;
  }
}

const polling = reads.map(poll);
await Promise.all(riders.map(ride));
const sendingSeconds = (performance.now() - start) / 1000;
finished = true;
finish();
await Promise.all(polling);
agent.destroy();
console.log(
  JSON.stringify({
    sends: sendLatencies.length,
    marksSent,
    sendingSeconds,
    statuses,
    answers,
    refusals,
    appliedIds,
    p50: percentile(sendLatencies, 0.5),
    p99: percentile(sendLatencies, 0.99),
    max: percentile(sendLatencies, 1),
    worstLateMs,
    reads: Object.fromEntries(
      Object.entries(readLatencies).map(([kind, values]) => [
        kind,
        { count: values.length, p50: percentile(values, 0.5), p99: percentile(values, 0.99) },
      ]),
    ),
    readStatuses,
  }),
);
