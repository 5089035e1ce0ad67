// The server's log: pino's JSON lines on stdout, written so that a failing log output can never
// stop the server. This file is the one place where the logger is configured.
import { fstatSync, write } from 'node:fs';
import { createRequire } from 'node:module';
import {
  LogController,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { clientIp } from './http.js';
import { redactUrl } from './platform/log-redaction.js';
import { mapStack } from './platform/stack.js';

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** pino as Fastify itself loads it. */
const pino = createRequire(createRequire(import.meta.url).resolve('fastify'))('pino') as {
  stdSerializers: { err: (error: unknown) => SerializedError };
  symbols: { chindingsSym: symbol };
};

/** pino's error serializer, which Fastify logs `err` with. */
const serializeError = pino.stdSerializers.err;

/**
 * pino's own stdout destination (sonic-boom) blocked the whole server when stdout sat on a full
 * disk: a failed write is re-emitted as an uncaught error, and pino's exit handler then retries
 * the write synchronously forever (flushSync sleeps and loops on any error but EAGAIN), so the
 * process neither answers nor dies on SIGTERM. This destination writes asynchronously, keeps a
 * bounded queue, and drops lines the output cannot take; it counts them and says so once the
 * output works again.
 */
export interface LogDestination {
  /** pino calls this with one serialized line at a time. */
  write(line: string): void;
  /** Resolves once everything queued is written or dropped, or after `timeoutMs`. */
  drain(timeoutMs: number): Promise<void>;
  /** Lines dropped since start, because the output failed or fell too far behind. */
  readonly dropped: number;
}

/** Writes one chunk and calls back once it is written (null) or failed; may never call back. */
type Sink = (chunk: Buffer, done: (error: NodeJS.ErrnoException | null) => void) => void;

/** More than this waiting to be written means the output is not keeping up: drop new lines. */
const MAX_QUEUED_BYTES = 4 * 1024 * 1024;
/** How long a line waits for others to go out with it. */
const GATHER_MS = 10;
/** One write at a time, at most this big. */
const MAX_CHUNK_BYTES = 64 * 1024;
/** A non-blocking descriptor whose reader is slow answers EAGAIN: wait this long, a few times. */
const EAGAIN_RETRY_MS = 50;
const EAGAIN_RETRIES = 20;

/** fs.write in libuv's thread pool, for files, terminals and devices (/dev/full fails at once). */
function descriptorSink(fd: number): Sink {
  const send = (chunk: Buffer, done: Parameters<Sink>[1], retries: number) => {
    write(fd, chunk, 0, chunk.length, null, (error, written) => {
      if (error?.code === 'EAGAIN' && retries < EAGAIN_RETRIES) {
        setTimeout(() => send(chunk, done, retries + 1), EAGAIN_RETRY_MS).unref();
      } else if (error) {
        done(error);
      } else if (written < chunk.length) {
        send(chunk.subarray(written), done, 0);
      } else {
        done(null);
      }
    });
  };
  return (chunk, done) => send(chunk, done, 0);
}

/**
 * process.stdout, for pipes and sockets. A blocking fs.write to a pipe whose reader has stalled
 * waits forever in a worker thread, and process.exit waits for that thread: the server could not
 * stop. Node writes to a pipe or socket through the event loop instead; while the reader stalls,
 * the callback simply does not come, the queue fills and new lines are dropped.
 */
function streamSink(stream: NodeJS.WriteStream): Sink {
  // Without a listener an EPIPE (the reader is gone) would be an uncaught exception.
  stream.on('error', () => {});
  return (chunk, done) => {
    stream.write(chunk, (error) =>
      done((error as NodeJS.ErrnoException | null | undefined) ?? null),
    );
  };
}

function stdoutSink(): Sink {
  try {
    const stats = fstatSync(1);
    if (stats.isFIFO() || stats.isSocket()) return streamSink(process.stdout);
  } catch {
    // fd 1 is closed: the writes fail (EBADF) and are dropped.
  }
  return descriptorSink(1);
}

export function createLogDestination(sink: Sink = stdoutSink()): LogDestination {
  const queue: string[] = [];
  let queuedBytes = 0;
  let writing = false;
  let scheduled = false;
  let dropped = 0;
  let unreported = 0;
  let waiters: (() => void)[] = [];

  const settle = () => {
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  function take(): { chunk: Buffer; lines: number } {
    let size = 0;
    let count = 0;
    while (
      count < queue.length &&
      (count === 0 || size + queue[count]!.length <= MAX_CHUNK_BYTES)
    ) {
      size += queue[count]!.length;
      count += 1;
    }
    const lines = queue.splice(0, count);
    queuedBytes -= size;
    return { chunk: Buffer.from(lines.join('')), lines: count };
  }

  /** Writes what is queued, one chunk at a time, until nothing is left. */
  function pump(): void {
    if (queue.length === 0) {
      writing = false;
      settle();
      return;
    }
    writing = true;
    const { chunk, lines } = take();
    sink(chunk, (error) => {
      if (error) {
        // ENOSPC, EIO, EPIPE, EBADF: these lines are lost, the server is not.
        dropped += lines;
        unreported += lines;
      } else if (unreported > 0) {
        const notice = `${JSON.stringify({
          level: 40,
          time: Date.now(),
          pid: process.pid,
          msg: `${unreported} log lines were dropped because the log output failed`,
        })}\n`;
        unreported = 0;
        queue.unshift(notice);
        queuedBytes += notice.length;
      }
      writing = false;
      // A full chunk, or someone waiting for the log to drain, goes on at once; a few lines wait.
      if (queue.length === 0) settle();
      else if (queuedBytes >= MAX_CHUNK_BYTES || waiters.length > 0) pump();
      else gather();
    });
  }

  /**
   * Lines wait a few milliseconds for others: under load the requests answered meanwhile go out
   * in one write, not one write (and one trip to libuv's threads, and the kernel) each.
   */
  function gather(): void {
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      if (!writing) pump();
    }, GATHER_MS);
  }

  return {
    write(line) {
      if (queuedBytes + line.length > MAX_QUEUED_BYTES) {
        dropped += 1;
        unreported += 1;
        return;
      }
      queue.push(line);
      queuedBytes += line.length;
      if (writing) return;
      if (queuedBytes >= MAX_CHUNK_BYTES) pump();
      else gather();
    },
    drain(timeoutMs) {
      if (!writing && queue.length === 0) return Promise.resolve();
      const drained = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref();
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      // Whoever waits (a shutdown) has the lines written now, not after the gathering wait.
      if (!writing) pump();
      return drained;
    },
    get dropped() {
      return dropped;
    },
  };
}

/** Fastify's own request serializer without its headers, the reset link's token redacted. */
function requestFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: clientIp(request),
    remotePort: request.raw.socket?.remotePort,
  };
}

/**
 * Fastify's `logger` option: pino at LOG_LEVEL, on `destination`, with secrets left out. The request
 * serializer writes no headers at all (so no bearer token) and redacts the token of password-reset
 * links; nothing else needs pino's redaction pass, which cost every line a copy of its object.
 */
export function loggerOptions(
  level: string,
  destination: LogDestination,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    serializers: {
      req: requestFields,
      // pino's, with the stack's frames in the bundle mapped back to the sources (server/platform/stack.ts).
      err: (error: FastifyError) => {
        const serialized = serializeError(error);
        // Anything but an error comes back as it is: not ours to change.
        if ((serialized as unknown) !== error && typeof serialized.stack === 'string') {
          serialized.stack = mapStack(serialized.stack);
        }
        return serialized;
      },
    },
    stream: destination,
  };
}

/**
 * One log line per request, written when it is answered, with what Fastify splits over two
 * ("incoming request", then "request completed"): the request (URL redacted as above), the status
 * and the response time. At the default level every request is logged, and a second line cost about
 * as much as a small read's own work.
 *
 * An answered request's line is written here as pino would write it (the same keys, in the same
 * order, with the request logger's bindings as pino keeps them serialized), straight to the
 * destination: through pino's general path it was about a tenth of a small read's CPU (issue 35).
 * tests/api/request-log.test.ts compares the two byte for byte. Errors go through pino.
 */
class OneLinePerRequest extends LogController {
  constructor(private readonly destination: LogDestination) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    // Called from the connection's events: anything thrown here would end the process.
    try {
      if (error) {
        reply.log.error(
          { req: request, res: reply, responseTime: reply.elapsedTime, err: error },
          'request errored',
        );
      } else if (
        (reply.log as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled('info')
      ) {
        this.destination.write(completedLine(request, reply));
      }
    } catch (failure) {
      reply.log.error({ err: failure }, 'the request log line could not be written');
    }
  }
}

/** `JSON.stringify(requestFields(request))`, a field at a time (no object to build and walk). */
function requestJson(request: FastifyRequest): string {
  const port = request.raw.socket?.remotePort;
  return (
    `{"method":${JSON.stringify(request.method)},"url":${JSON.stringify(redactUrl(request.url))}` +
    `${stringField('host', request.host)},"remoteAddress":${JSON.stringify(clientIp(request))}` +
    `${port === undefined ? '' : `,"remotePort":${port}`}}`
  );
}

/** `,"name":"value"`, or nothing where the value is undefined (as JSON.stringify leaves it out). */
const stringField = (name: string, value: string | undefined) =>
  value === undefined ? '' : `,"${name}":${JSON.stringify(value)}`;

/** pino's line for `reply.log.info({ req, res, responseTime }, 'request completed')`. */
function completedLine(request: FastifyRequest, reply: FastifyReply): string {
  const bindings = (reply.log as unknown as Record<symbol, string>)[pino.symbols.chindingsSym];
  return (
    `{"level":30,"time":${Date.now()}${bindings},"req":${requestJson(request)}` +
    `,"res":{"statusCode":${reply.statusCode}},"responseTime":${JSON.stringify(reply.elapsedTime)}` +
    `,"msg":"request completed"}\n`
  );
}

/** Fastify's `logController` option, writing answered requests' lines to `destination`. */
export const requestLogController = (destination: LogDestination) =>
  new OneLinePerRequest(destination);
