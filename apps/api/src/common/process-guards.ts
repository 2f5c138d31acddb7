import { Logger } from '@nestjs/common';

/** More uncaught errors than this within a minute means the process is not healthy: it exits for a clean restart. */
const MAX_UNCAUGHT_PER_MINUTE = 10;

/**
 * What the log says of an error that escaped: its type, code and where it was thrown, not its message (a library's
 * message can carry what a request contained, and logs carry ids, never personal data).
 */
export function describeEscapedError(error: unknown): string {
  if (!(error instanceof Error)) return `a thrown ${error === null ? 'null' : typeof error}`;
  const code = (error as { code?: unknown }).code;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 5)
    .map((line) => line.trim())
    .join(' < ');
  return `${error.name}${typeof code === 'string' || typeof code === 'number' ? ` (${code})` : ''}${frames ? ` ${frames}` : ''}`;
}

/**
 * Keeps a process serving when an error escapes every handler (a library throwing from a timer or an event): Node's
 * default is to exit, which took the whole product down with one request. The error is logged and the process goes
 * on; a burst of them (more than 10 a minute) is taken as a broken state, and the process exits with code 1 so that
 * its supervisor (tools/start.mjs, or the container's restart policy) starts a fresh one.
 */
export function guardProcess(name: string, exit: (code: number) => void = (code) => process.exit(code)): void {
  const logger = new Logger(name);
  const recent: number[] = [];
  const escaped = (kind: string) => (error: unknown) => {
    const now = Date.now();
    recent.push(now);
    while (recent.length > 0 && recent[0]! < now - 60_000) recent.shift();
    logger.error(`${kind}, kept running: ${describeEscapedError(error)}`);
    if (recent.length > MAX_UNCAUGHT_PER_MINUTE) {
      logger.error(`${recent.length} uncaught errors within a minute; exiting so that a fresh process takes over`);
      exit(1);
    }
  };
  process.on('uncaughtException', escaped('Uncaught exception'));
  process.on('unhandledRejection', escaped('Unhandled promise rejection'));
}
