import {
  ANALYSIS_PHASES,
  BUNDLE_PAYMENT_TYPES,
  BUNDLE_TYPES,
  CHECKLIST_PHASE_KEYS,
  CREDENTIAL_STATUSES,
  CRITERIA_KEYS,
  DEFAULT_USER_ID,
  DOCUMENT_TYPES,
  ENROLLMENT_STATUSES,
  ERROR_CODES,
  ERROR_STATUS,
  EVALUATION_PHASES,
  PAYMENT_TYPES,
  TRAINING_NAMES,
  isBundlePaymentType,
  isErrorCode,
  isDocumentType,
  isEnrollmentStatus,
  isPaymentType,
  isTrainingName,
} from './index';

describe('training names', () => {
  it('lists the three fixed trainings in spec order', () => {
    expect(TRAINING_NAMES).toEqual([
      'Psychosomatic Practitioner',
      'Parts Therapy Practitioner',
      'Resilient Child Training',
    ]);
  });

  it.each(TRAINING_NAMES.map((name) => [name]))('accepts %s', (name) => {
    expect(isTrainingName(name)).toBe(true);
  });

  it.each([['psychosomatic practitioner'], [' Parts Therapy Practitioner'], [''], [42], [null], [undefined]])(
    'rejects %p',
    (value) => {
      expect(isTrainingName(value)).toBe(false);
    },
  );
});

describe('payment types', () => {
  it('has the three plans and the two bundle types', () => {
    expect(PAYMENT_TYPES).toEqual(['full', '3month', '6month']);
    expect(BUNDLE_PAYMENT_TYPES).toEqual(['bundle-2', 'bundle-3']);
    expect(BUNDLE_TYPES).toEqual(['2-training', '3-training']);
  });

  it('tells plan and bundle payment types apart', () => {
    expect(isPaymentType('3month')).toBe(true);
    expect(isPaymentType('bundle-2')).toBe(false);
    expect(isBundlePaymentType('bundle-3')).toBe(true);
    expect(isBundlePaymentType('full')).toBe(false);
    expect(isPaymentType(3)).toBe(false);
  });
});

describe('statuses and document types', () => {
  it('keeps the spec order of enrollment statuses, active first as the default', () => {
    expect(ENROLLMENT_STATUSES).toEqual(['active', 'completed', 'cancelled']);
    expect(isEnrollmentStatus('cancelled')).toBe(true);
    expect(isEnrollmentStatus('past_due')).toBe(false);
  });

  it('lists the credential lifecycle', () => {
    expect(CREDENTIAL_STATUSES).toEqual(['pending', 'analyzing', 'completed', 'failed']);
  });

  it('lists the document types', () => {
    expect(DOCUMENT_TYPES).toEqual(['transcript', 'syllabus', 'certificate', 'course_description', 'other']);
    expect(isDocumentType('course_description')).toBe(true);
    expect(isDocumentType('Transcript')).toBe(false);
  });

  it('has a UUID-shaped default user id', () => {
    expect(DEFAULT_USER_ID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('analysis and evaluation phases', () => {
  it('has six numbered analysis phases with the spec titles', () => {
    expect(ANALYSIS_PHASES.map((p) => p.phase)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ANALYSIS_PHASES[3].title).toBe('Credit Calculation & Transfer Equivalency');
    expect(ANALYSIS_PHASES[5].title).toBe('Contact Research & Lead Generation');
  });

  it('has three display phases with the spec titles', () => {
    expect(EVALUATION_PHASES.map((p) => [p.id, p.title])).toEqual([
      [1, 'Document Upload'],
      [2, 'Academic Rigor Assessment'],
      [3, 'Credit Verification'],
    ]);
    expect(EVALUATION_PHASES[2].description).toContain('2-3 days');
    expect(EVALUATION_PHASES[1].description).toContain('7-factor');
  });

  it('has the seven criteria in spec order', () => {
    expect(CRITERIA_KEYS).toHaveLength(7);
    expect(CRITERIA_KEYS[0]).toBe('topicRelevance');
    expect(CRITERIA_KEYS[6]).toBe('completionEvidence');
  });
});

describe('checklist and errors', () => {
  it('has the seven checklist phase keys in order', () => {
    expect(CHECKLIST_PHASE_KEYS).toHaveLength(7);
    expect(CHECKLIST_PHASE_KEYS.map((k) => k.split('_')[0])).toEqual([
      'phase1',
      'phase2',
      'phase3',
      'phase4',
      'phase5',
      'phase6',
      'phase7',
    ]);
  });

  it('has distinct error codes', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('gives every error code an HTTP error status', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('Not found')).toBe(false);
  });
});
