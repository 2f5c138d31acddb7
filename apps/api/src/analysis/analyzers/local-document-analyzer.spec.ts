import { FLYER_LINES, SYLLABUS_PAGES, SYLLABUS_TITLE, TRANSCRIPT_LINES } from '../../../test/fixtures';
import { LocalDocumentAnalyzer } from './local-document-analyzer';

describe('LocalDocumentAnalyzer on the fixture documents', () => {
  const analyzer = new LocalDocumentAnalyzer();
  const text = (lines: readonly string[]) => lines.join('\n');

  it('reads the syllabus: 36 hours, 5 objectives, 12 weeks, four kinds of assessment, issuer and two contacts', () => {
    const signals = analyzer.read({
      fileName: 'syllabus.pdf',
      documentType: 'syllabus',
      text: SYLLABUS_PAGES.map(text).join('\n\n'),
    });
    expect(signals).toMatchObject({
      title: `MBI 310 ${SYLLABUS_TITLE}`,
      contactHours: 36,
      learningObjectives: 5,
      modulesOrWeeks: 12,
      assessmentMethods: ['exam', 'quiz', 'paper', 'case study', 'final'],
      completionEvidence: false,
    });
    expect(signals.certificate.issuingOrganization).toBe('Mind Body Institute of Integrative Psychology');
    expect(signals.contacts).toEqual([
      {
        name: 'Dr. Helen Carter',
        title: 'Instructor',
        email: 'helen.carter@mindbody-institute.org',
        organization: 'Mind Body Institute',
      },
      {
        name: 'Samuel Ortiz',
        title: 'Admissions Coordinator',
        email: 'samuel.ortiz@mindbody-institute.org',
        organization: 'Mind Body Institute',
      },
    ]);
  });

  it('reads the transcript: 100 hours, completion with a date, student, college and registrar', () => {
    const signals = analyzer.read({
      fileName: 'transcript.docx',
      documentType: 'transcript',
      text: text(TRANSCRIPT_LINES),
    });
    expect(signals).toMatchObject({ contactHours: 100, learningObjectives: 0, completionEvidence: true });
    expect(signals.certificate).toEqual({
      recipientName: 'Jordan Avery Smith',
      issuingOrganization: 'Westbrook College of Behavioral Sciences',
      certificateAuthor: 'Linda Park',
      completionDate: '2024-05-30',
    });
    expect(signals.contacts).toEqual([
      {
        name: 'Linda Park',
        title: 'Registrar',
        email: 'linda.park@westbrook.example.edu',
        organization: 'Westbrook College of Behavioral Sciences',
      },
    ]);
  });

  it('reads the flyer: 6 hours and nothing else that counts', () => {
    const signals = analyzer.read({ fileName: 'flyer.pdf', documentType: 'other', text: text(FLYER_LINES) });
    expect(signals).toMatchObject({
      title: 'Stress Less Weekend Workshop',
      contactHours: 6,
      learningObjectives: 0,
      modulesOrWeeks: null,
      assessmentMethods: [],
      completionEvidence: false,
    });
  });
});
