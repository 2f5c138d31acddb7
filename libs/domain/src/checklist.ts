import {
  CHECKLIST_ITEM_KEYS,
  CHECKLIST_PHASE_KEYS,
  type ChecklistItems,
  type ChecklistPhase,
  type ChecklistPhaseKey,
  type ChecklistPhaseStatus,
  type ChecklistStatus,
} from '@app/contracts';

export const CHECKLIST_PHASE_TITLES: Readonly<Record<ChecklistPhaseKey, string>> = {
  phase1_environment: 'Environment',
  phase2_data_extraction: 'Data Extraction',
  phase3_api_integration: 'API Integration',
  phase4_contact_processing: 'Contact Processing',
  phase5_sheets_integration: 'Sheets Integration',
  phase6_email_templates: 'Email Templates',
  phase7_email_management: 'Email Management',
};

type AllItems = ChecklistItems;
type ItemName = { [P in ChecklistPhaseKey]: keyof ChecklistItems[P] }[ChecklistPhaseKey];

interface ItemText {
  /** Shown beside the check mark. */
  label: string;
  /** Listed in missing_components when the item is false. */
  missing: string;
  /** What a person does to make it true; null when another item's step already covers it. */
  nextStep: (items: AllItems) => string | null;
}

const always = (text: string) => (): string => text;

const ITEM_TEXT: Readonly<Record<ItemName, ItemText>> = {
  database_connected: {
    label: 'Database connected',
    missing: 'PostgreSQL database',
    nextStep: always('Start PostgreSQL or fix DATABASE_URL, then restart the API'),
  },
  migrations_current: {
    label: 'Migrations current',
    missing: 'Database migrations',
    nextStep: (items) =>
      items.phase1_environment.database_connected
        ? 'Restart the API so it applies the pending database migrations'
        : null,
  },
  storage_reachable: {
    label: 'Object storage reachable',
    missing: 'Object storage',
    nextStep: always('Start the S3-compatible storage or fix S3_ENDPOINT, S3_BUCKET and its keys'),
  },
  queue_reachable: {
    label: 'Analysis queue reachable',
    missing: 'Redis queue',
    nextStep: always('Start Redis at REDIS_URL, or unset REDIS_URL to run analyses inside the API'),
  },
  pdf_reader: {
    label: 'PDF reader',
    missing: 'PDF text reader',
    nextStep: always('Reinstall dependencies (npm ci) so the PDF reader (unpdf) loads'),
  },
  docx_reader: {
    label: 'DOCX reader',
    missing: 'DOCX text reader',
    nextStep: always('Reinstall dependencies (npm ci) so the DOCX reader (mammoth) loads'),
  },
  doc_reader: {
    label: 'DOC reader',
    missing: 'DOC text reader',
    nextStep: always('Reinstall dependencies (npm ci) so the DOC reader (word-extractor) loads'),
  },
  ocr_reader: {
    label: 'OCR for images',
    missing: 'OCR reader',
    nextStep: always('Reinstall dependencies (npm ci) so the OCR reader (tesseract.js) loads'),
  },
  ocr_language_data: {
    label: 'OCR English language data',
    missing: 'OCR language data',
    nextStep: always(
      'Reinstall dependencies (npm ci) so the offline English OCR data (@tesseract.js-data/eng) is present',
    ),
  },
  analyzer_available: {
    label: 'Credential analyzer available',
    missing: 'Credential analyzer',
    nextStep: always('Reinstall dependencies (npm ci); the built-in local analyzer failed its self-check'),
  },
  openai_configured: {
    label: 'OpenAI configured (optional)',
    missing: 'OpenAI API key (optional)',
    nextStep: always('Optional: set OPENAI_API_KEY to analyze with OpenAI instead of the local analyzer'),
  },
  openai_key_valid: {
    label: 'OpenAI key works',
    missing: 'Working OpenAI API key',
    nextStep: (items) =>
      items.phase3_api_integration.openai_configured
        ? 'Check OPENAI_API_KEY (and OPENAI_BASE_URL): OpenAI refused it or could not be reached'
        : null,
  },
  evaluations_completed: {
    label: 'At least one evaluation completed',
    missing: 'A completed evaluation',
    nextStep: always('Upload a credential\'s documents and press "Analyze with AI"'),
  },
  contacts_extracted: {
    label: 'Lead contacts extracted',
    missing: 'Lead contacts',
    nextStep: (items) =>
      items.phase4_contact_processing.evaluations_completed
        ? 'Analyze documents that name a contact person with an email address (e.g. a certificate or syllabus)'
        : null,
  },
  google_credentials: {
    label: 'Google OAuth client configured',
    missing: 'Google OAuth client',
    nextStep: always('Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, then press Connect Gmail'),
  },
  spreadsheet_configured: {
    label: 'Lead spreadsheet configured',
    missing: 'Google Sheets spreadsheet',
    nextStep: always(
      'Set GOOGLE_SHEETS_SPREADSHEET_ID to the spreadsheet that should receive the leads, then reconnect Gmail',
    ),
  },
  template_exists: {
    label: 'Email template exists',
    missing: 'Email template',
    nextStep: always('Restart the API so it seeds the default email template'),
  },
  template_renders: {
    label: 'Email template renders',
    missing: 'A working email template',
    nextStep: (items) =>
      items.phase6_email_templates.template_exists
        ? 'Fix the email template: use only the supported {{placeholders}} and a non-empty subject and body'
        : null,
  },
  gmail_credentials: {
    label: 'Gmail credentials configured',
    missing: 'Gmail OAuth credentials',
    nextStep: always('Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, then press Connect Gmail'),
  },
  gmail_connected: {
    label: 'Gmail account connected',
    missing: 'Connected Gmail account',
    nextStep: (items) =>
      items.phase7_email_management.gmail_credentials ? 'Press Connect Gmail and allow access to create drafts' : null,
  },
};

/**
 * Items a production install needs. OpenAI, Sheets and Gmail are optional integrations (the local analyzer
 * and the CSV export work without them), and a new install has no evaluations yet, so those never block.
 */
export const CHECKLIST_REQUIRED_ITEMS: readonly ItemName[] = [
  'database_connected',
  'migrations_current',
  'storage_reachable',
  'queue_reachable',
  'pdf_reader',
  'docx_reader',
  'doc_reader',
  'ocr_reader',
  'ocr_language_data',
  'analyzer_available',
  'template_exists',
  'template_renders',
];

/** The human label of an item key; unknown keys are spelled out from the key itself. */
export function checklistItemLabel(item: string): string {
  const known = (ITEM_TEXT as Readonly<Record<string, ItemText>>)[item];
  if (known) return known.label;
  const words = item.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** completed when every item is true, in_progress when some are, else pending (also for no items). */
export function checklistPhaseStatus(items: Readonly<Record<string, boolean>>): ChecklistPhaseStatus {
  const values = Object.values(items);
  const done = values.filter(Boolean).length;
  if (values.length > 0 && done === values.length) return 'completed';
  return done > 0 ? 'in_progress' : 'pending';
}

function entries(items: AllItems): Array<[ItemName, boolean]> {
  return CHECKLIST_PHASE_KEYS.flatMap((phase) =>
    (CHECKLIST_ITEM_KEYS[phase] as readonly ItemName[]).map((item): [ItemName, boolean] => [
      item,
      (items[phase] as Readonly<Record<string, boolean>>)[item] === true,
    ]),
  );
}

/** The whole checklist status from the probed item maps: statuses, percentage, readiness and plain-word advice. */
export function buildChecklistStatus(items: ChecklistItems): ChecklistStatus {
  const all = entries(items);
  const done = all.filter(([, value]) => value).length;
  const missing = all.filter(([, value]) => !value).map(([item]) => item);
  const phases = Object.fromEntries(
    CHECKLIST_PHASE_KEYS.map((phase): [ChecklistPhaseKey, ChecklistPhase] => {
      const phaseItems: Record<string, boolean> = { ...items[phase] };
      return [phase, { status: checklistPhaseStatus(phaseItems), items: phaseItems }];
    }),
  ) as Record<ChecklistPhaseKey, ChecklistPhase>;
  const nextSteps = missing
    .map((item) => ITEM_TEXT[item].nextStep(items))
    .filter((step): step is string => step !== null);

  return {
    overall_completion: all.length === 0 ? 0 : Math.round((done / all.length) * 100),
    ready_for_production: CHECKLIST_REQUIRED_ITEMS.every((item) => !missing.includes(item)),
    missing_components: missing.map((item) => ITEM_TEXT[item].missing),
    next_steps: Array.from(new Set(nextSteps)),
    ...phases,
  };
}
