import { byCertificateAuthority, collectContacts, extractCertificate } from './certificate-and-contacts';
import { NO_CERTIFICATE, reading } from './spec-readings';

describe('byCertificateAuthority', () => {
  it('puts certificates first, then transcripts, syllabi, course descriptions and the rest, in their order otherwise', () => {
    const readings = [
      reading('flyer', 'other', {}),
      reading('first-syllabus', 'syllabus', {}),
      reading('description', 'course_description', {}),
      reading('transcript', 'transcript', {}),
      reading('second-syllabus', 'syllabus', {}),
      reading('certificate', 'certificate', {}),
    ];
    expect(byCertificateAuthority(readings).map((r) => r.documentId)).toEqual([
      'certificate',
      'transcript',
      'first-syllabus',
      'second-syllabus',
      'description',
      'flyer',
    ]);
    // The input keeps its order.
    expect(readings[0]?.documentId).toBe('flyer');
  });
});

describe('extractCertificate', () => {
  it('takes each detail from the most authoritative document that states it', () => {
    const readings = [
      reading('syllabus', 'syllabus', {
        certificate: { ...NO_CERTIFICATE, issuingOrganization: 'Syllabus Press', certificateAuthor: 'Dr. Lee' },
      }),
      reading('transcript', 'transcript', {
        certificate: { ...NO_CERTIFICATE, issuingOrganization: 'Lakeside University', completionDate: '2024-05-01' },
      }),
      reading('certificate', 'certificate', {
        certificate: { ...NO_CERTIFICATE, recipientName: 'Ana Ruiz', issuingOrganization: 'Trauma Institute' },
      }),
    ];
    expect(extractCertificate(readings)).toEqual({
      certificateDetails: {
        recipientName: 'Ana Ruiz',
        issuingOrganization: 'Trauma Institute',
        certificateAuthor: 'Dr. Lee',
        completionDate: '2024-05-01',
      },
    });
  });

  it('states nothing without documents', () => {
    expect(extractCertificate([])).toEqual({ certificateDetails: NO_CERTIFICATE });
  });
});

describe('collectContacts', () => {
  it('keeps one contact per address, in reading order, filling what the first mention lacked', () => {
    const readings = [
      reading('syllabus', 'syllabus', {
        contacts: [{ name: 'Helen Carter', title: null, email: 'Helen.Carter@Example.org', organization: null }],
      }),
      reading('certificate', 'certificate', {
        contacts: [
          { name: 'Sam Ortiz', title: 'Registrar', email: 'sam@example.org', organization: 'Trauma Institute' },
          { name: 'H. Carter', title: 'Director', email: 'helen.carter@example.org', organization: 'Trauma Institute' },
        ],
      }),
    ];
    expect(collectContacts(readings)).toEqual({
      leadContacts: [
        {
          name: 'Helen Carter',
          title: 'Director',
          email: 'helen.carter@example.org',
          organization: 'Trauma Institute',
        },
        { name: 'Sam Ortiz', title: 'Registrar', email: 'sam@example.org', organization: 'Trauma Institute' },
      ],
    });
  });
});
