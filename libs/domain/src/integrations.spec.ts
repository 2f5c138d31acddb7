import {
  apiKeyPrefixOf,
  apiKeyReaches,
  apiKeyState,
  isApiKeyBearer,
  parseApiKeyForm,
  parseWebhookEndpointForm,
  shouldDisableEndpoint,
  WEBHOOK_MAX_ATTEMPTS,
  webhookAddressProblem,
  webhookRetryDelaySeconds,
  webhookUrlProblem,
} from './integrations';

const NOW = new Date('2026-12-01T12:00:00Z');
const KEY = `tk_abc123def456_${'A'.repeat(40)}x-_`;

describe('API keys', () => {
  it('recognises a key by its prefix and reads its public start only from a well-formed key', () => {
    expect(isApiKeyBearer(KEY)).toBe(true);
    expect(isApiKeyBearer('eyJhbGciOiJIUzI1NiJ9.x.y')).toBe(false);
    expect(apiKeyPrefixOf(KEY)).toBe('tk_abc123def456');
    expect(apiKeyPrefixOf(`${KEY}A`)).toBeNull();
    expect(apiKeyPrefixOf('tk_ABC123DEF456_' + 'A'.repeat(43))).toBeNull();
  });

  it('reaches a route when one of its scopes is among the route’s, never a route with none', () => {
    expect(apiKeyReaches(['enrollments:read'], ['enrollments:read'])).toBe(true);
    expect(apiKeyReaches(['enrollments:read', 'credentials:submit'], ['credentials:submit'])).toBe(true);
    expect(apiKeyReaches(['enrollments:read'], ['enrollments:manage'])).toBe(false);
    expect(apiKeyReaches(['enrollments:read', 'enrollments:manage'], [])).toBe(false);
  });

  it('is revoked before expired, expired at its expiry instant', () => {
    expect(apiKeyState({ revokedAt: null, expiresAt: null }, NOW)).toBe('active');
    expect(apiKeyState({ revokedAt: null, expiresAt: NOW }, NOW)).toBe('expired');
    expect(apiKeyState({ revokedAt: NOW, expiresAt: new Date(0) }, NOW)).toBe('revoked');
  });

  it('takes a name, known scopes (in their order, once) and a future expiry; a date alone lasts through that day', () => {
    expect(
      parseApiKeyForm(
        {
          name: ' CRM ',
          scopes: ['enrollments:manage', 'enrollments:read', 'enrollments:read'],
          expiresAt: '2026-12-05',
        },
        NOW,
      ),
    ).toEqual({
      ok: true,
      value: {
        name: 'CRM',
        scopes: ['enrollments:read', 'enrollments:manage'],
        expiresAt: new Date('2026-12-05T23:59:59.999Z'),
      },
    });
    expect(parseApiKeyForm({ name: 'One', scopes: 'credentials:submit' }, NOW)).toEqual({
      ok: true,
      value: { name: 'One', scopes: ['credentials:submit'], expiresAt: null },
    });
  });

  it('refuses each bad field with its own message', () => {
    const result = parseApiKeyForm({ name: '', scopes: ['everything'], expiresAt: '2026-11-30' }, NOW);
    expect(result.ok).toBe(false);
    expect(result.ok === false && Object.keys(result.fieldErrors).sort()).toEqual(['expiresAt', 'name', 'scopes']);
    const none = parseApiKeyForm({ name: 'x'.repeat(81), scopes: [], expiresAt: '2026-02-30' }, NOW);
    expect(none).toEqual({
      ok: false,
      fieldErrors: {
        name: 'At most 80 characters',
        scopes: 'Choose at least one scope',
        expiresAt: 'A date (YYYY-MM-DD) or an ISO date-time',
      },
    });
  });
});

describe('webhook retries', () => {
  it('retries on the Standard Webhooks schedule for more than a day, then stops', () => {
    const delays = Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, i) => webhookRetryDelaySeconds(i + 1));
    expect(delays.at(-1)).toBeNull();
    const total = delays.slice(0, -1).reduce<number>((sum, delay) => sum + (delay ?? 0), 0);
    expect(total).toBeGreaterThan(24 * 3600);
    expect(delays.slice(0, -1).every((delay, i, all) => i === 0 || (delay ?? 0) >= (all[i - 1] ?? 0))).toBe(true);
  });

  it('disables an endpoint after five days of failures without a success', () => {
    expect(shouldDisableEndpoint(null, NOW)).toBe(false);
    expect(shouldDisableEndpoint(new Date(NOW.getTime() - 4 * 86_400_000), NOW)).toBe(false);
    expect(shouldDisableEndpoint(new Date(NOW.getTime() - 5 * 86_400_000), NOW)).toBe(true);
  });
});

describe('webhook URLs and addresses (no server-side request forgery)', () => {
  const production = { requireHttps: true, allowLoopback: false };
  const development = { requireHttps: false, allowLoopback: true };

  it('wants https in production, and no credentials in the URL', () => {
    expect(webhookUrlProblem('https://hooks.example.com/in', production)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/in', production)).toBe('The URL must start with https://');
    expect(webhookUrlProblem('ftp://hooks.example.com/in', development)).toMatch(/https:\/\/ or http:\/\//);
    expect(webhookUrlProblem('https://user:pw@hooks.example.com/', production)).toMatch(/user name/);
    expect(webhookUrlProblem('not a url', production)).toBe('Not a valid URL');
  });

  it('refuses literal private, loopback and metadata addresses; loopback only with the development setting', () => {
    for (const url of [
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.1.2.3/x',
      'https://192.168.0.5/x',
      'https://172.16.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:10.0.0.1]/x',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
    ]) {
      expect({ url, problem: webhookUrlProblem(url, production) }).toEqual({ url, problem: expect.any(String) });
    }
    expect(webhookUrlProblem('http://127.0.0.1:4000/x', development)).toBeNull();
    expect(webhookUrlProblem('http://localhost:4000/x', development)).toBeNull();
    expect(webhookUrlProblem('http://10.0.0.1/x', development)).toMatch(/not public/);
  });

  it('judges resolved addresses the same way, IPv4-mapped IPv6 as its IPv4', () => {
    expect(webhookAddressProblem('93.184.215.14', production)).toBeNull();
    expect(webhookAddressProblem('2606:2800:21f:cb07:6820:80da:af6b:8b2c', production)).toBeNull();
    expect(webhookAddressProblem('::ffff:127.0.0.1', production)).toMatch(/loopback/);
    expect(webhookAddressProblem('169.254.169.254', development)).toMatch(/not public/);
    expect(webhookAddressProblem('127.0.0.1', development)).toBeNull();
  });
});

describe('webhook endpoint form', () => {
  const production = { requireHttps: true, allowLoopback: false };
  it('takes an allowed URL and known events in their order', () => {
    expect(
      parseWebhookEndpointForm(
        { url: ' https://crm.example.com/hooks ', events: ['refund.created', 'payment.succeeded'] },
        production,
      ),
    ).toEqual({
      ok: true,
      value: { url: 'https://crm.example.com/hooks', description: '', events: ['payment.succeeded', 'refund.created'] },
    });
  });
  it('refuses a private URL, no events and unknown events', () => {
    expect(parseWebhookEndpointForm({ url: 'https://10.0.0.5/x', events: [] }, production)).toEqual({
      ok: false,
      fieldErrors: { url: 'The address is not public (private)', events: 'Choose at least one event' },
    });
    expect(parseWebhookEndpointForm({ url: 'https://a.example.com', events: ['user.hacked'] }, production)).toEqual({
      ok: false,
      fieldErrors: { events: 'Unknown event type' },
    });
  });
});
