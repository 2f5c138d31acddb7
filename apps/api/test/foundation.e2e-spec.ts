import { ConfigError, loadConfig } from '../src/config/app-config';
import { DatabaseSeeder } from '../src/database/seeders/database.seeder';
import { startTestApi, TestApi } from './support/test-app';

describe('foundation', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });

  afterAll(async () => {
    await api.close();
  });

  it('serves the seeded training prices in integer cents from PostgreSQL', async () => {
    const response = await api.http.get('/api/training-pricing').expect(200);
    expect(response.body.map((row: { trainingName: string }) => row.trainingName).sort()).toEqual([
      'Parts Therapy Practitioner',
      'Psychosomatic Practitioner',
      'Resilient Child Training',
    ]);
    for (const row of response.body) {
      for (const key of ['fullPaymentPrice', 'fullPaymentDiscount', 'threeMonthPrice', 'sixMonthPrice']) {
        expect(Number.isInteger(row[key])).toBe(true);
      }
    }
  });

  it('serves the three bundle prices', async () => {
    const response = await api.http.get('/api/bundle-pricing').expect(200);
    expect(response.body).toHaveLength(3);
    const twoWith = response.body.find(
      (b: { bundleType: string; requiresPsychosomatic: boolean }) =>
        b.bundleType === '2-training' && b.requiresPsychosomatic,
    );
    const twoWithout = response.body.find(
      (b: { bundleType: string; requiresPsychosomatic: boolean }) =>
        b.bundleType === '2-training' && !b.requiresPsychosomatic,
    );
    expect(twoWith.bundlePrice).toBeGreaterThan(twoWithout.bundlePrice);
  });

  it('seeds idempotently: running the seeder again adds no rows', async () => {
    await api.orm.getSeeder().seed(DatabaseSeeder);
    const response = await api.http.get('/api/training-pricing').expect(200);
    expect(response.body).toHaveLength(3);
  });

  it('has no pending migrations after start', async () => {
    expect(await api.orm.getMigrator().getPendingMigrations()).toEqual([]);
  });

  it('reports database, queue and storage as up', async () => {
    const response = await api.http.get('/api/health').expect(200);
    expect(response.body).toMatchObject({ status: 'ok', database: 'up', queue: 'up', storage: 'up' });
  });

  it('answers unknown routes with the one JSON error shape', async () => {
    const response = await api.http.get('/api/does-not-exist').expect(404);
    expect(response.body).toEqual({ statusCode: 404, message: 'Cannot GET /api/does-not-exist' });
  });

  it('publishes the OpenAPI document and the Swagger UI', async () => {
    const json = await api.http.get('/api/docs-json').expect(200);
    expect(json.body.paths['/api/training-pricing']).toBeDefined();
    const ui = await api.http.get('/api/docs/').expect(200);
    expect(ui.text).toContain('swagger');
  });
});

describe('configuration', () => {
  it('refuses a DATABASE_URL that is not a postgres URL with one clear line', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      'DATABASE_URL must start with postgres:// or postgresql://',
    );
  });

  it('refuses a port that is not a number', () => {
    expect(() => loadConfig({ API_PORT: 'abc' })).toThrow('API_PORT must be a whole number');
  });

  it('refuses production without Stripe keys, storage and secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY.*S3_BUCKET/);
  });

  it('needs both Stripe keys together', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow('must be set together');
  });
});
