import { LocalDocumentAnalyzer } from './local-document-analyzer';
import { groundModelSignals, InvalidModelAnswerError, parseModelSignals, type ModelSignals } from './model-signals';

const answer: ModelSignals = {
  title: 'Intro to Somatic Work',
  contactHours: 30,
  learningObjectives: ['a', 'b', 'c'],
  modulesOrWeeks: 10,
  assessmentMethods: ['exam'],
  topics: ['somatics'],
  certificate: { recipientName: 'Ann Lee', issuingOrganization: 'Calm College', certificateAuthor: null, completionDate: '2025-01-15' },
  contacts: [{ name: 'Bo Chen', title: 'Dean', email: 'bo@calm.edu', organization: 'Calm College' }],
  completionEvidence: true,
};

describe('parseModelSignals', () => {
  it('accepts an answer that follows the schema', () => {
    expect(parseModelSignals(JSON.parse(JSON.stringify(answer)))).toEqual(answer);
  });

  it.each([
    ['not an object', [], /the answer must be a JSON object/],
    ['hours as text', { ...answer, contactHours: '30' }, /contactHours must be a number/],
    ['negative weeks', { ...answer, modulesOrWeeks: -1 }, /modulesOrWeeks must be a whole number/],
    ['an unknown assessment', { ...answer, assessmentMethods: ['vibes'] }, /assessmentMethods must be items from/],
    ['a bad date', { ...answer, certificate: { ...answer.certificate, completionDate: '15/01/2025' } }, /completionDate must be a YYYY-MM-DD date/],
    ['a contact without an address', { ...answer, contacts: [{ name: 'X', title: null, email: 'nope', organization: null }] }, /email must be an email address/],
  ])('rejects %s', (_label, value, message) => {
    expect(() => parseModelSignals(value)).toThrow(InvalidModelAnswerError);
    expect(() => parseModelSignals(value)).toThrow(message);
  });
});

describe('groundModelSignals', () => {
  const text = [
    'Intro to Somatic Work',
    'Calm College',
    'Total contact hours: 30. Ten weeks.',
    'This certifies that Ann Lee has completed the course on January 15, 2025.',
    'Dean Bo Chen, bo@calm.edu',
  ].join('\n');
  const local = new LocalDocumentAnalyzer().read({ fileName: 'a.pdf', documentType: 'certificate', text });

  it('keeps values the text backs', () => {
    const grounded = groundModelSignals(answer, local, text);
    expect(grounded).toMatchObject({ contactHours: 30, certificate: { recipientName: 'Ann Lee', completionDate: '2025-01-15' } });
    expect(grounded.contacts.map((c) => c.email)).toEqual(['bo@calm.edu']);
  });

  it('falls back to the local reading for numbers, names, dates and addresses the text does not contain', () => {
    const invented: ModelSignals = {
      ...answer,
      contactHours: 45,
      certificate: { ...answer.certificate, recipientName: 'Zed Zulu', completionDate: '2025-02-01' },
      contacts: [{ name: 'Ghost', title: null, email: 'ghost@x.com', organization: null }],
    };
    const grounded = groundModelSignals(invented, local, text);
    expect(grounded.contactHours).toBe(local.contactHours);
    expect(grounded.certificate.recipientName).toBe(local.certificate.recipientName);
    expect(grounded.certificate.completionDate).toBe('2025-01-15');
    expect(grounded.contacts.map((c) => c.email)).toEqual(['bo@calm.edu']);
  });
});
