import type { ChecklistItems } from '@app/contracts';
import { buildChecklistStatus, checklistItemLabel, checklistPhaseStatus, CHECKLIST_PHASE_TITLES } from './checklist';

/** A local-only install: everything of its own works, no OpenAI, Google or evaluations yet. */
function localInstall(): ChecklistItems {
  return {
    phase1_environment: {
      database_connected: true,
      migrations_current: true,
      storage_reachable: true,
      queue_reachable: true,
    },
    phase2_data_extraction: {
      pdf_reader: true,
      docx_reader: true,
      doc_reader: true,
      ocr_reader: true,
      ocr_language_data: true,
    },
    phase3_api_integration: { analyzer_available: true, openai_configured: false, openai_key_valid: false },
    phase4_contact_processing: { evaluations_completed: false, contacts_extracted: false },
    phase5_sheets_integration: { google_credentials: false, spreadsheet_configured: false },
    phase6_email_templates: { template_exists: true, template_renders: true },
    phase7_email_management: { gmail_credentials: false, gmail_connected: false },
  };
}

function everything(): ChecklistItems {
  const items = localInstall();
  items.phase3_api_integration = { analyzer_available: true, openai_configured: true, openai_key_valid: true };
  items.phase4_contact_processing = { evaluations_completed: true, contacts_extracted: true };
  items.phase5_sheets_integration = { google_credentials: true, spreadsheet_configured: true };
  items.phase7_email_management = { gmail_credentials: true, gmail_connected: true };
  return items;
}

describe('checklist phase status', () => {
  it('is completed when all items are true, in_progress when some are, pending when none are', () => {
    expect(checklistPhaseStatus({ a: true, b: true })).toBe('completed');
    expect(checklistPhaseStatus({ a: true, b: false })).toBe('in_progress');
    expect(checklistPhaseStatus({ a: false, b: false })).toBe('pending');
    expect(checklistPhaseStatus({})).toBe('pending');
  });
});

describe('buildChecklistStatus', () => {
  it('gives 100%, ready, nothing missing and no steps when everything works', () => {
    const status = buildChecklistStatus(everything());
    expect(status.overall_completion).toBe(100);
    expect(status.ready_for_production).toBe(true);
    expect(status.missing_components).toEqual([]);
    expect(status.next_steps).toEqual([]);
    expect(status.phase7_email_management).toEqual({
      status: 'completed',
      items: { gmail_credentials: true, gmail_connected: true },
    });
  });

  it('lets a local-only install be ready for production with the optional integrations listed as next steps', () => {
    const status = buildChecklistStatus(localInstall());
    // 12 of 20 items.
    expect(status.overall_completion).toBe(60);
    expect(status.ready_for_production).toBe(true);
    expect(status.phase1_environment.status).toBe('completed');
    expect(status.phase3_api_integration.status).toBe('in_progress');
    expect(status.phase4_contact_processing.status).toBe('pending');
    expect(status.phase7_email_management.status).toBe('pending');
    expect(status.missing_components).toEqual([
      'OpenAI API key (optional)',
      'Working OpenAI API key',
      'A completed evaluation',
      'Lead contacts',
      'Google OAuth client',
      'Google Sheets spreadsheet',
      'Gmail OAuth credentials',
      'Connected Gmail account',
    ]);
    // A step that another covers is left out, and the same words appear once.
    expect(status.next_steps).toEqual([
      'Optional: set OPENAI_API_KEY to analyze with OpenAI instead of the local analyzer',
      'Upload a credential\'s documents and press "Analyze with AI"',
      'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, then press Connect Gmail',
      'Set GOOGLE_SHEETS_SPREADSHEET_ID to the spreadsheet that should receive the leads, then reconnect Gmail',
    ]);
  });

  it('is not ready when a required service is down, and says what to do', () => {
    const items = localInstall();
    items.phase1_environment.storage_reachable = false;
    items.phase1_environment.queue_reachable = false;
    const status = buildChecklistStatus(items);
    expect(status.ready_for_production).toBe(false);
    expect(status.phase1_environment.status).toBe('in_progress');
    expect(status.missing_components).toEqual(expect.arrayContaining(['Object storage', 'Redis queue']));
    expect(status.next_steps).toEqual(
      expect.arrayContaining([
        'Start the S3-compatible storage or fix S3_ENDPOINT, S3_BUCKET and its keys',
        'Start Redis at REDIS_URL, or unset REDIS_URL to run analyses inside the API',
      ]),
    );
  });

  it('asks to connect Gmail once the credentials are set, and to fix a refused OpenAI key', () => {
    const items = everything();
    items.phase7_email_management.gmail_connected = false;
    items.phase3_api_integration.openai_key_valid = false;
    const status = buildChecklistStatus(items);
    expect(status.next_steps).toEqual([
      'Check OPENAI_API_KEY (and OPENAI_BASE_URL): OpenAI refused it or could not be reached',
      'Press Connect Gmail and allow access to create drafts',
    ]);
    expect(status.overall_completion).toBe(90);
  });

  it('counts every true item in the percentage', () => {
    const items = everything();
    items.phase5_sheets_integration.spreadsheet_configured = false;
    items.phase5_sheets_integration.google_credentials = false;
    items.phase6_email_templates.template_renders = false;
    expect(buildChecklistStatus(items).overall_completion).toBe(85);
    items.phase2_data_extraction.ocr_reader = false;
    // 16 of 20
    expect(buildChecklistStatus(items).overall_completion).toBe(80);
    items.phase1_environment.queue_reachable = false;
    items.phase1_environment.storage_reachable = false;
    items.phase1_environment.database_connected = false;
    // 13 of 20
    expect(buildChecklistStatus(items).overall_completion).toBe(65);
  });
});

describe('labels', () => {
  it('has a title for each of the seven phases and a label for each item', () => {
    expect(Object.values(CHECKLIST_PHASE_TITLES)).toHaveLength(7);
    expect(checklistItemLabel('database_connected')).toBe('Database connected');
    expect(checklistItemLabel('some_new_item')).toBe('Some new item');
  });
});
