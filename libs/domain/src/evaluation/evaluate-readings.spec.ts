import type { CatalogCourse } from '../topic-overlap';
import { evaluateReadings } from './evaluate-readings';
import { NO_CERTIFICATE, reading } from './spec-readings';

const CATALOG: CatalogCourse[] = [
  { code: 'PSY 200', title: 'Trauma', topics: ['trauma', 'resilience', 'grief counseling'], hours: 30, credits: 3 },
  { code: 'PSY 101', title: 'General Psychology', topics: ['memory', 'perception'], hours: 40, credits: 4 },
];

describe('evaluateReadings', () => {
  it('runs phases 2 to 6 over a syllabus and its certificate', () => {
    const contact = { name: 'Helen Carter', title: 'Director', email: 'helen@example.org', organization: null };
    const result = evaluateReadings(
      CATALOG,
      [
        {
          documentId: 'syllabus',
          fileName: 'syllabus.pdf',
          text: 'Trauma Care\nWeek 1: Trauma\nWeek 2: Resilience\nWeek 3: Grief counseling',
        },
        { documentId: 'certificate', fileName: 'certificate.pdf', text: 'Certificate of Completion\nTrauma Care' },
      ],
      [
        reading('syllabus', 'syllabus', {
          title: 'Trauma Care',
          contactHours: 36,
          modulesOrWeeks: 6,
          learningObjectives: 4,
          assessmentMethods: ['exam'],
        }),
        reading('certificate', 'certificate', {
          title: 'Trauma Care Certificate',
          contactHours: 36,
          completionEvidence: true,
          certificate: { ...NO_CERTIFICATE, recipientName: 'Ana Ruiz', issuingOrganization: 'Trauma Institute' },
          contacts: [contact],
        }),
      ],
    );
    expect(result.combined.contactHours).toBe(36);
    expect(result.combined.topics).toEqual(['grief counseling', 'resilience', 'trauma']);
    expect(result.combined.courseOverlaps.map((c) => [c.code, c.overlap, c.originalCourse])).toEqual([
      ['PSY 200', 1, 'Trauma Care'],
      ['PSY 101', 0, 'Trauma Care'],
    ]);
    expect(result.rigor.criteriaMet).toBe(7);
    expect(result.rigor.minimumRequirementsMet).toBe(true);
    expect(result.rigor.rigorScore).toBe(7);
    expect(result.credits.totalCredits).toBe(3.6);
    expect(result.credits.courseEquivalencies).toEqual([
      { originalCourse: 'Trauma Care', equivalentCourse: 'PSY 200 Trauma', credits: 3 },
    ]);
    expect(result.certificate).toEqual({
      certificateDetails: { ...NO_CERTIFICATE, recipientName: 'Ana Ruiz', issuingOrganization: 'Trauma Institute' },
    });
    expect(result.leads).toEqual({ leadContacts: [contact] });
  });
});
