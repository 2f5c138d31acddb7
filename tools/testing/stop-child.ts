import type { ChildProcess } from 'node:child_process';

/** Stops a test's child server and waits for it to exit; nothing to do when it already has. */
export async function stopChild(child: ChildProcess | null, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
