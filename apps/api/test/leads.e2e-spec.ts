import { seedEvaluatedCredential } from './support/outreach-fixtures';
import { startTestApi, type TestApi } from './support/test-app';

const ADMIN = { username: 'leads-admin', password: 'leads-password-123' };

describe('leads', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    token = (await api.http.post('/api/admin/login').send(ADMIN).expect(200)).body.token as string;
    await seedEvaluatedCredential(api.em(), {
      name: 'Trauma "Advanced" Certificate',
      contacts: [
        {
          name: '=HYPERLINK("http://evil.example","click")',
          title: '+Director',
          email: 'jane@institute.example',
          organization: 'Institute, Inc.',
        },
        { name: 'Bo Chen', title: null, email: null, organization: '@Home\nStudies' },
      ],
    });
    await seedEvaluatedCredential(api.em(), {
      name: 'Still analyzing',
      status: 'analyzing',
      contacts: [],
    });
  });
  afterAll(() => api.close());

  it('is for admins only: lead contacts are personal data', async () => {
    await api.http.get('/api/leads').expect(401);
    await api.http.get('/api/leads/export.csv').expect(401);
    await api.http.post('/api/leads/sheets-sync').expect(401);
  });

  it('lists the contacts of completed credentials with the credential name and id', async () => {
    const response = await api.http.get('/api/leads').set('authorization', `Bearer ${token}`).expect(200);
    expect(response.body).toEqual([
      expect.objectContaining({
        credentialName: 'Trauma "Advanced" Certificate',
        email: 'jane@institute.example',
        title: '+Director',
      }),
      expect.objectContaining({ name: 'Bo Chen', email: null, title: null }),
    ]);
    expect(response.body[0].credentialId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('exports CSV with every value quoted, quotes doubled and formulas neutralised, named by date', async () => {
    const response = await api.http.get('/api/leads/export.csv').set('authorization', `Bearer ${token}`).expect(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="leads_${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(response.text).toBe(
      '"Credential","Name","Title","Email","Organization"\r\n' +
        '"Trauma ""Advanced"" Certificate","\'=HYPERLINK(""http://evil.example"",""click"")","\'+Director","jane@institute.example","Institute, Inc."\r\n' +
        '"Trauma ""Advanced"" Certificate","Bo Chen","","","\'@Home\nStudies"\r\n',
    );
  });

  it('refuses a Sheets sync with a clear 409 when no spreadsheet is configured', async () => {
    const response = await api.http.post('/api/leads/sheets-sync').set('authorization', `Bearer ${token}`).expect(409);
    expect(response.body.message).toContain('GOOGLE_SHEETS_SPREADSHEET_ID');
  });
});
