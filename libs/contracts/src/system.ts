import type { GmailSetupStatus } from './gmail';
export const CHECKLIST_PHASE_KEYS = [
  'phase1_environment',
  'phase2_data_extraction',
  'phase3_api_integration',
  'phase4_contact_processing',
  'phase5_sheets_integration',
  'phase6_email_templates',
  'phase7_email_management',
] as const;

export type ChecklistPhaseKey = (typeof CHECKLIST_PHASE_KEYS)[number];

export const CHECKLIST_PHASE_STATUSES = ['completed', 'in_progress', 'pending'] as const;
export type ChecklistPhaseStatus = (typeof CHECKLIST_PHASE_STATUSES)[number];

export interface ChecklistPhase {
  status: ChecklistPhaseStatus;
  items: Record<string, boolean>;
}

export type ChecklistStatus = {
  overall_completion: number;
  ready_for_production: boolean;
  next_steps: string[];
  missing_components: string[];
} & Record<ChecklistPhaseKey, ChecklistPhase>;

/**
 * GET /api/system/evaluation-panels: the evaluation page's two system panels in one call (the checklist as
 * GET /api/system/checklist-status answers it, the Gmail setup as GET /api/gmail/setup-status); a part that could not
 * be read is null and its panel says so.
 */
export interface EvaluationPanels {
  checklist: ChecklistStatus | null;
  gmail: GmailSetupStatus | null;
}

/** Every checklist item, by phase, in display order. The API fills each with a live check. */
export const CHECKLIST_ITEM_KEYS = {
  phase1_environment: ['database_connected', 'migrations_current', 'storage_reachable', 'queue_reachable'],
  phase2_data_extraction: ['pdf_reader', 'docx_reader', 'doc_reader', 'ocr_reader', 'ocr_language_data'],
  phase3_api_integration: ['analyzer_available', 'openai_configured', 'openai_key_valid'],
  phase4_contact_processing: ['evaluations_completed', 'contacts_extracted'],
  phase5_sheets_integration: ['google_credentials', 'spreadsheet_configured'],
  phase6_email_templates: ['template_exists', 'template_renders'],
  phase7_email_management: ['gmail_credentials', 'gmail_connected'],
} as const satisfies Record<ChecklistPhaseKey, readonly string[]>;

export type ChecklistItemKey<P extends ChecklistPhaseKey> = (typeof CHECKLIST_ITEM_KEYS)[P][number];

/** The item maps the API probes; the rest of the status is derived from them (libs/domain checklist). */
export type ChecklistItems = { [P in ChecklistPhaseKey]: Record<ChecklistItemKey<P>, boolean> };

/** What the web server's Content-Security-Policy must allow besides itself (GET /api/system/web-policy). */
export interface WebPolicyResponse {
  /** Origin of the presigned upload URLs the browser PUTs files to. */
  uploadOrigin: string;
  /** Whether Stripe.js is used (live Stripe keys configured), so its domains are allowed. */
  stripe: boolean;
}
