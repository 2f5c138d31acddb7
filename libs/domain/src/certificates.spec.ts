import {
  certificateNumber,
  completionCredential,
  completionProblem,
  credentialFacts,
  credentialUuid,
  evaluationReportCredential,
  statusListBit,
  statusListBits,
} from './certificates';

const issuer = {
  id: 'did:web:training.example',
  name: 'Psychology Training Institute',
  url: 'https://training.example',
};
const status = { listUrl: 'https://training.example/credentials/status/1', index: 7 };

describe('completionCredential', () => {
  const credential = completionCredential({
    id: '11111111-2222-4333-8444-555555555555',
    certificateNumber: 'PTI-2027-000007',
    issuer,
    signer: { name: 'Dr. Ada Byron', title: 'Director of Training' },
    recipient: { name: 'Grace Hopper', email: 'grace@example.com' },
    trainingName: 'Clinical Hypnosis',
    cohortMonth: '2027-01',
    contactHours: 40,
    completedOn: '2027-03-15',
    issuedAt: new Date('2027-03-16T10:00:00Z'),
    verifyUrl: 'https://training.example/verify/11111111-2222-4333-8444-555555555555',
    status,
  });

  it('is an Open Badges 3.0 credential with the achievement, hours and dates', () => {
    expect(credential['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.id).toBe('urn:uuid:11111111-2222-4333-8444-555555555555');
    expect(credential.validFrom).toBe('2027-03-16T10:00:00.000Z');
    const subject = credential.credentialSubject as {
      name: string;
      creditsEarned: number;
      achievement: { name: string };
    };
    expect(subject.name).toBe('Grace Hopper');
    expect(subject.creditsEarned).toBe(40);
    expect(subject.achievement.name).toBe('Clinical Hypnosis');
    expect(credential.credentialStatus).toEqual({
      id: 'https://training.example/credentials/status/1#7',
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: '7',
      statusListCredential: 'https://training.example/credentials/status/1',
    });
  });

  it('reads back as the same facts', () => {
    expect(credentialFacts(credential)).toEqual({
      kind: 'completion',
      certificateNumber: 'PTI-2027-000007',
      recipientName: 'Grace Hopper',
      title: 'Clinical Hypnosis',
      contactHours: 40,
      credits: null,
      awardedOn: '2027-03-15',
      issuedAt: '2027-03-16T10:00:00.000Z',
      issuerName: 'Psychology Training Institute',
      issuerId: 'did:web:training.example',
      signerName: 'Dr. Ada Byron',
      courses: [],
      criteria: [],
    });
  });
});

describe('evaluationReportCredential', () => {
  it('carries the credits, each course with credits, grade and equivalency, the criteria and the quotes', () => {
    const credential = evaluationReportCredential({
      id: '99999999-2222-4333-8444-555555555555',
      certificateNumber: 'PTE-2027-000001',
      issuer,
      evaluator: { name: 'evaluator1' },
      recipient: { name: 'Alan Turing', email: 'alan@example.com' },
      credentialName: 'MSc Psychology',
      awardedCredits: 13.5,
      courses: [
        {
          title: 'Abnormal Psychology',
          credits: 4.5,
          grade: 'A',
          equivalency: 'Psychopathology',
          evidence: { document: 'transcript.pdf', page: 1, quote: 'PSY 301 Abnormal Psychology 3.0 A' },
        },
      ],
      criteria: [
        { key: 'topicRelevance', name: 'Topic relevance', met: true, evidence: null },
        { key: 'assessmentMethods', name: 'Assessment methods', met: false, evidence: null },
      ],
      verifiedOn: '2027-04-01',
      issuedAt: new Date('2027-04-01T09:00:00Z'),
      verifyUrl: 'https://training.example/verify/99999999-2222-4333-8444-555555555555',
      status: { ...status, index: 8 },
    });
    const facts = credentialFacts(credential);
    expect(facts).toMatchObject({
      kind: 'evaluation-report',
      credits: 13.5,
      contactHours: null,
      title: 'MSc Psychology',
      awardedOn: '2027-04-01',
      signerName: 'evaluator1',
      courses: [{ title: 'Abnormal Psychology', credits: 4.5, grade: 'A', equivalency: 'Psychopathology' }],
      criteria: [
        { name: 'Topic relevance', met: true },
        { name: 'Assessment methods', met: false },
      ],
    });
    expect(credential.evidence).toEqual([
      {
        type: ['Evidence'],
        name: 'Abnormal Psychology',
        narrative: 'transcript.pdf, page 1: "PSY 301 Abnormal Psychology 3.0 A"',
      },
    ]);
  });
});

describe('completion rules', () => {
  it('refuses completed, cancelled and unpaid enrollments unless the balance is overridden', () => {
    expect(completionProblem({ enrollmentStatus: 'active', balanceCents: 0, allowUnpaidBalance: false })).toBeNull();
    expect(completionProblem({ enrollmentStatus: 'active', balanceCents: 500, allowUnpaidBalance: false })).toBe(
      'has an unpaid balance',
    );
    expect(completionProblem({ enrollmentStatus: 'active', balanceCents: 500, allowUnpaidBalance: true })).toBeNull();
    expect(completionProblem({ enrollmentStatus: 'completed', balanceCents: 0, allowUnpaidBalance: true })).toBe(
      'already completed',
    );
    expect(completionProblem({ enrollmentStatus: 'cancelled', balanceCents: 0, allowUnpaidBalance: true })).toBe(
      'cancelled',
    );
  });

  it('numbers certificates by kind, year and sequence', () => {
    expect(certificateNumber('completion', 2027, 42)).toBe('PTI-2027-000042');
    expect(certificateNumber('evaluation-report', 2027, 3)).toBe('PTE-2027-000003');
  });
});

describe('status list bits', () => {
  it('sets the revoked indexes, most significant bit first', () => {
    const bits = statusListBits([0, 9, 131071]);
    expect(bits.length).toBe(16384);
    expect(bits[0]).toBe(0x80);
    expect(bits[1]).toBe(0x40);
    expect(statusListBit(bits, 9)).toBe(true);
    expect(statusListBit(bits, 10)).toBe(false);
    expect(statusListBit(bits, 131071)).toBe(true);
    expect(() => statusListBits([131072])).toThrow(RangeError);
  });

  it('reads credential ids', () => {
    expect(credentialUuid('urn:uuid:11111111-2222-4333-8444-555555555555')).toBe(
      '11111111-2222-4333-8444-555555555555',
    );
    expect(credentialUuid('https://x')).toBeNull();
  });
});
