import { stopChild } from '../../../tools/testing/stop-child';
import { startWebServer } from './support/web-server';

// server.mjs says which React Router build it loaded (react-router-build.mjs): production in production.
describe('the web server’s React Router build', () => {
  async function startupLine(env: Record<string, string>): Promise<string> {
    const { child, output } = await startWebServer({ WEB_CONCURRENCY: '1', ...env });
    try {
      for (const deadline = Date.now() + 60_000; !output().includes('listening') && Date.now() < deadline;)
        await new Promise((resolve) => setTimeout(resolve, 100));
      return output();
    } finally {
      await stopChild(child, 'SIGKILL');
    }
  }

  it('is the production build in production, and the development one elsewhere', async () => {
    expect(await startupLine({})).toContain("(React Router's production build)");
    expect(await startupLine({ NODE_ENV: 'development' })).toContain("(React Router's development build)");
  });
});
