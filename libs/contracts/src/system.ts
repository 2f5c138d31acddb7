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
