import { rmSync } from 'node:fs';
import { contextFile, readContext } from './context';

export default async function globalTeardown(): Promise<void> {
  const started = globalThis.__E2E__;
  if (!started) return;
  const { dataDir } = readContext();
  await started.browser.close();
  await Promise.all(
    started.processes.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }),
    ),
  );
  await Promise.all([started.database.drop(), started.google.close(), started.mail.close()]);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(contextFile(), { force: true });
}
