#!/usr/bin/env node
// The `dabba` executable: runs the CLI on this process and exits with its code.
import { run } from './run';

void run(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  // fetch keeps idle sockets open for reuse, which would hold the process a moment longer. Exit
  // once everything written to stdout and stderr has been flushed.
  let streams = 2;
  const flushed = () => {
    streams -= 1;
    if (streams === 0) process.exit(code);
  };
  process.stdout.write('', flushed);
  process.stderr.write('', flushed);
});
