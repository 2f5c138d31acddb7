import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { lookup } from 'node:dns/promises';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../config/app-config';
import { WebhookSender } from './webhook-sender';

const SECRET = `whsec_${Buffer.from('0123456789abcdef01234567').toString('base64')}`;

describe('WebhookSender', () => {
  let server: Server;
  let port = 0;
  const received: Array<{ body: string; headers: Record<string, string> }> = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({
          body,
          headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
        });
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('resolves a host name at send time, connects to the checked address, and signs per Standard Webhooks', async () => {
    const sender = new WebhookSender(loadConfig({ NODE_ENV: 'development', WEBHOOK_ALLOW_LOOPBACK: 'true' }));
    const before = received.length;
    const result = await sender.send({
      url: `http://localhost:${port}/hooks`,
      secret: SECRET,
      messageId: 'msg_test_1',
      payload: '{"type":"payment.succeeded","timestamp":"2026-12-01T00:00:00.000Z","data":{}}',
    });
    expect(result).toEqual({ ok: true, status: 200 });
    expect(received).toHaveLength(before + 1);
    const { body, headers } = received[received.length - 1];
    expect(headers['webhook-id']).toBe('msg_test_1');
    expect(new Webhook(SECRET).verify(body, headers)).toEqual({
      type: 'payment.succeeded',
      timestamp: '2026-12-01T00:00:00.000Z',
      data: {},
    });
  });

  it('refuses, without connecting, a host whose DNS answer is not public (this machine’s own name)', async () => {
    const name = hostname();
    const addresses = await lookup(name, { all: true }).catch(() => []);
    const sender = new WebhookSender(loadConfig({ NODE_ENV: 'test' }));
    const before = received.length;
    const result = await sender.send({
      url: `https://${name}:${port}/x`,
      secret: SECRET,
      messageId: 'msg_2',
      payload: '{}',
    });
    expect(result).toMatchObject({ ok: false, status: null, refused: true });
    // The name resolves to this machine (loopback or a private address) or not at all; either way nothing is sent.
    if (!result.ok) expect(result.error).toMatch(addresses.length ? /loopback|not public/ : /does not resolve/);
    expect(received).toHaveLength(before);
  });

  it('refuses http and loopback without the development setting, and the metadata address always', async () => {
    const strict = new WebhookSender(loadConfig({ NODE_ENV: 'test' }));
    await expect(strict.resolve(`http://127.0.0.1:${port}/`)).rejects.toThrow(/https/);
    await expect(strict.resolve(`https://127.0.0.1:${port}/`)).rejects.toThrow(/loopback/);
    const development = new WebhookSender(loadConfig({ NODE_ENV: 'development', WEBHOOK_ALLOW_LOOPBACK: 'true' }));
    await expect(development.resolve('http://169.254.169.254/latest/meta-data')).rejects.toThrow(/not public/);
  });

  it('refuses the development setting in production', () => {
    const production = {
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 's',
      JWT_SECRET: 'j',
      DATABASE_URL: 'postgres://db/app',
      SMTP_URL: 'smtp://mail',
      APPLICANT_TOKEN_SECRET: 'x'.repeat(32),
      // Production needs the issuer's key too (certificates); only its presence is checked at load.
      CREDENTIAL_SIGNING_KEY: '{"kty":"OKP"}',
    };
    expect(() => loadConfig(production)).not.toThrow();
    expect(() => loadConfig({ ...production, WEBHOOK_ALLOW_LOOPBACK: 'true' })).toThrow(
      /WEBHOOK_ALLOW_LOOPBACK is for development only/,
    );
  });

  it('reports a receiver that is down, and one that does not answer within the timeout, as failed attempts', async () => {
    const sender = new WebhookSender(
      loadConfig({ NODE_ENV: 'development', WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_TIMEOUT_SECONDS: '1' }),
    );
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await sender.send({
      url: `http://127.0.0.1:${closedPort}/`,
      secret: SECRET,
      messageId: 'm',
      payload: '{}',
    });
    expect(down).toEqual({ ok: false, status: null, error: 'Connection failed (ECONNREFUSED)' });

    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const result = await sender.send({
        url: `http://127.0.0.1:${port}/`,
        secret: SECRET,
        messageId: 'm',
        payload: '{}',
      });
      expect(result).toEqual({ ok: false, status: null, error: 'No answer within 1 s' });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
