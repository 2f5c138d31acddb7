import { ROUTES } from '@app/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An API outage (503 from the API, or no API at all) must read as "briefly unavailable" and keep the admin's
 * session; only a 401 ends it. A real HTTP server plays the API.
 */
const OUTAGE_HEADER = 'x-test-outage';
/** A request marked so gets a CSV file. */
const CSV_HEADER = 'x-test-csv';
/** A request marked so gets the start of a 200 answer, then the connection ends (the API went away midway). */
const CUT_OFF_HEADER = 'x-test-cut-off';

describe('API outage in the web server', () => {
  let server: Server;
  let apiModule: typeof import('./api.server');
  let sessionModule: typeof import('./session.server');

  beforeAll(async () => {
    server = createServer((request, response) => {
      // A request marked as an outage gets the API's 503; any other one a 401 (an ended admin token).
      if (request.headers[CSV_HEADER]) {
        response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'x-part': ['one', 'two'] });
        response.end('Name,Email\nAda,ada@example.com\n');
      } else if (request.headers[CUT_OFF_HEADER]) {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        response.write('{"rows": [');
        setTimeout(() => response.socket?.destroy(), 20);
      } else if (request.headers[OUTAGE_HEADER]) {
        response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '7' });
        response.end(
          JSON.stringify({
            statusCode: 503,
            message: 'The service is briefly unavailable.',
            code: 'SERVICE_UNAVAILABLE',
          }),
        );
      } else {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ statusCode: 401, message: 'Unauthorized', code: 'UNAUTHORIZED' }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    apiModule = await import('./api.server');
    sessionModule = await import('./session.server');
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  async function adminRequest(): Promise<Request> {
    const started = await sessionModule.createAdminSession(
      new Request('http://web.test/admin'),
      'admin-token',
      null,
      '/admin/panel',
    );
    const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0];
    return new Request('http://web.test/admin/panel', { headers: { cookie } });
  }

  async function rejection(promise: Promise<unknown>): Promise<unknown> {
    try {
      await promise;
    } catch (thrown) {
      return thrown;
    }
    throw new Error('expected a rejection');
  }

  it('turns the API 503 into a 503 page with its Retry-After', async () => {
    const thrown = await rejection(apiModule.callApi(ROUTES.health, { headers: { [OUTAGE_HEADER]: '1' } }));
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.text()).toBe(apiModule.SERVICE_UNAVAILABLE_TEXT);
  });

  it('treats an answer cut off midway as the same outage', async () => {
    const thrown = await rejection(apiModule.callApi(ROUTES.health, { headers: { [CUT_OFF_HEADER]: '1' } }));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
  });

  it('hands a raw answer over with its status, headers and body', async () => {
    const response = await apiModule.callApiResponse(ROUTES.health, { headers: { [CSV_HEADER]: '1' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('x-part')).toBe('one, two');
    expect(await response.text()).toBe('Name,Email\nAda,ada@example.com\n');
  });

  it("refuses a raw call that is not ok with ApiError carrying the API's error", async () => {
    const thrown = await rejection(apiModule.callApiResponse(ROUTES.health));
    expect(thrown).toBeInstanceOf(apiModule.ApiError);
    expect(thrown).toMatchObject({ status: 401, text: 'Unauthorized', body: { code: 'UNAUTHORIZED' } });
  });

  it('keeps the admin session through a 503, and ends it on a 401', async () => {
    const during = (await rejection(
      sessionModule.adminApi(await adminRequest(), ROUTES.adminEnrollments, { headers: { [OUTAGE_HEADER]: '1' } }),
    )) as Response;
    expect(during.status).toBe(503);
    expect(during.headers.get('location')).toBeNull();
    expect(during.headers.get('set-cookie')).toBeNull();

    const revoked = (await rejection(
      sessionModule.adminApi(await adminRequest(), ROUTES.adminEnrollments),
    )) as Response;
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get('location')).toBe('/admin');
    expect(revoked.headers.get('set-cookie')).toMatch(/__admin_session=;/);
  });

  it('treats an API that does not answer at all as the same outage', async () => {
    await new Promise((resolve) => server.close(resolve));
    const thrown = (await rejection(sessionModule.adminApi(await adminRequest(), ROUTES.adminEnrollments))) as Response;
    expect(thrown.status).toBe(503);
    expect(thrown.headers.get('location')).toBeNull();
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
});
