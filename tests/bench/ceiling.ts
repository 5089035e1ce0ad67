// The ceiling a read is measured against, and how: a bare node:http server in a process of its own
// answering the same body bytes with only the headers node writes itself (no security, cache or
// content-type headers: what any server must spend, nothing of ours), driven by the same load
// generator in alternating turns with the product.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTOCANNON, cpuMicros, loadOptions, startProcess, stop, type Target } from './harness.js';

/** A bare node:http server answering every request with these bytes. */
const CEILING_SCRIPT = `
const http = require('node:http');
const body = require('node:fs').readFileSync(process.env.BODY_FILE);
http.createServer((request, response) => {
  request.resume();
  request.on('end', () => response.end(body));
}).listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });`;

export interface Served {
  port: number;
  pid: number;
}

/** Starts the bare server answering `body`; `close` stops it. */
export async function startBareCeiling(body: Buffer): Promise<Served & { close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dabba-ceiling-'));
  const file = path.join(dir, 'body');
  writeFileSync(file, body);
  const { child, port } = await startProcess(
    ['-e', CEILING_SCRIPT],
    { BODY_FILE: file },
    /port (\d+)/,
    path.join(dir, 'log'),
  );
  return {
    port,
    pid: child.pid!,
    close: async () => {
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One turn's figures, as the load driver reports them. */
interface Turn {
  requests: number;
  /** The turn's length as autocannon timed it, in seconds. */
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's CPU time over the turn, in µs (null where /proc is not there). */
  cpu: number | null;
  /** The database's (PostgreSQL's backends serving the product), likewise. */
  databaseCpu: number | null;
}

/**
 * autocannon in a node process of its own that stays up for every turn: loaded and warmed once,
 * so no turn pays a start-up that the other side's did not.
 */
const DRIVER_SCRIPT = `
const autocannon = require(process.env.AUTOCANNON);
process.on('message', (options) => {
  autocannon(options, (error, result) => {
    if (error) { process.send({ error: String(error) }); return; }
    process.send({
      requests: result.requests.total,
      seconds: result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
    });
  });
});`;

function startDriver() {
  const child: ChildProcess = spawn(process.execPath, ['-e', DRIVER_SCRIPT], {
    env: { ...process.env, AUTOCANNON },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return {
    run(options: object): Promise<Omit<Turn, 'cpu' | 'databaseCpu'>> {
      return new Promise((resolve, reject) => {
        child.once('message', (message: Omit<Turn, 'cpu' | 'databaseCpu'> & { error?: string }) =>
          message.error ? reject(new Error(message.error)) : resolve(message),
        );
        child.send(options);
      });
    },
    close: () => stop(child),
  };
}

export interface Side {
  /** Requests over seconds, both summed over the side's turns. */
  rate: number;
  /** Every request it answered, in the warm-up turn too (to divide a CPU profile by). */
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  cpuPerRequest: number | null;
  /** CPU µs per request of the database's processes (the product's side, on PostgreSQL). */
  databaseCpuPerRequest: number | null;
}

export interface AlternatingTurns {
  product: Side;
  ceiling: Side;
  /** product.rate / ceiling.rate: what the goals hold. */
  ratio: number;
  /** Each turn's product rate over the ceiling turn that followed it. */
  pairs: number[];
  /** Their median (the `server` part's figure before issue 35). */
  medianOfPairs: number;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The product (already running) and a bare ceiling answering `body`, driven in alternating turns
 * of `turnSeconds` each (`turns` each), after one turn of warm-up each that is not counted.
 */
export async function alternatingTurns(options: {
  product: Served;
  body: Buffer;
  target: Target;
  connections: number;
  turns: number;
  turnSeconds: number;
  /** The processes of the database serving the product (PostgreSQL's backends), asked each turn. */
  databasePids?: () => Promise<number[]>;
}): Promise<AlternatingTurns> {
  const { product, target, connections, turnSeconds } = options;
  const bare = await startBareCeiling(options.body);
  const driver = startDriver();
  /** CPU µs by pid, of the processes still there. */
  const cpuOf = (pids: number[]) =>
    new Map(
      pids.flatMap((pid) => {
        const micros = cpuMicros(pid);
        return micros === null ? [] : [[pid, micros] as const];
      }),
    );
  /**
   * The database's CPU over a turn: of its backends there at the start and still there at the end
   * (an idle one the pool closed meanwhile spent nothing worth counting), and all of those that
   * came during the turn.
   */
  const databaseCpuOver = async (run: () => Promise<void>) => {
    if (!options.databasePids) {
      await run();
      return null;
    }
    const before = cpuOf(await options.databasePids());
    await run();
    const after = cpuOf(await options.databasePids());
    let spent = 0;
    for (const [pid, micros] of after) spent += micros - (before.get(pid) ?? 0);
    return spent;
  };
  const turn = async (side: Served, seconds = turnSeconds): Promise<Turn> => {
    let figures: Omit<Turn, 'cpu' | 'databaseCpu'> | undefined;
    const before = cpuMicros(side.pid);
    const load = async () =>
      void (figures = await driver.run(loadOptions(side.port, target, connections, seconds)));
    const databaseCpu = side === product ? await databaseCpuOver(load) : (await load(), null);
    const after = cpuMicros(side.pid);
    return {
      ...figures!,
      cpu: before === null || after === null ? null : after - before,
      databaseCpu,
    };
  };
  const turns: { product: Turn; ceiling: Turn }[] = [];
  let warmUpRequests = 0;
  try {
    warmUpRequests = (await turn(product, 1)).requests;
    await turn(bare, 1);
    for (let index = 0; index < options.turns; index += 1) {
      const productTurn = await turn(product);
      const ceilingTurn = await turn(bare);
      turns.push({ product: productTurn, ceiling: ceilingTurn });
    }
  } finally {
    await driver.close();
    await bare.close();
  }
  const side = (which: 'product' | 'ceiling'): Side => {
    const mine = turns.map((pair) => pair[which]);
    const requests = mine.reduce((sum, t) => sum + t.requests, 0);
    const seconds = mine.reduce((sum, t) => sum + t.seconds, 0);
    const total = (of: (turn: Turn) => number | null) =>
      mine.every((t) => of(t) !== null) ? mine.reduce((sum, t) => sum + of(t)!, 0) : null;
    const cpu = total((t) => t.cpu);
    const databaseCpu = total((t) => t.databaseCpu);
    return {
      rate: requests / seconds,
      requests: requests + (which === 'product' ? warmUpRequests : 0),
      p50: median(mine.map((t) => t.p50)),
      p99: median(mine.map((t) => t.p99)),
      errors: mine.reduce((sum, t) => sum + t.errors, 0),
      cpuPerRequest: cpu === null || requests === 0 ? null : cpu / requests,
      databaseCpuPerRequest: databaseCpu === null || requests === 0 ? null : databaseCpu / requests,
    };
  };
  const pairs = turns.map(
    (pair) =>
      pair.product.requests / pair.product.seconds / (pair.ceiling.requests / pair.ceiling.seconds),
  );
  const productSide = side('product');
  const ceilingSide = side('ceiling');
  return {
    product: productSide,
    ceiling: ceilingSide,
    ratio: productSide.rate / ceilingSide.rate,
    pairs,
    medianOfPairs: median(pairs),
  };
}
