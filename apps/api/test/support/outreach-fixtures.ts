import type { MikroORM } from '@mikro-orm/postgresql';
import { Evaluation, type LeadContactValue } from '../../src/analysis/evaluation.entity';
import { Credential } from '../../src/credentials/credential.entity';

/** A credential as the analysis leaves it: completed (or another status), with an evaluation naming these contacts. */
export async function seedEvaluatedCredential(
  em: MikroORM['em'],
  input: { name: string; contacts: LeadContactValue[]; totalCredits?: number; status?: Credential['status'] },
): Promise<string> {
  const credential = em.create(Credential, {
    name: input.name,
    ownerId: '00000000-0000-4000-8000-000000000001',
    status: input.status ?? 'completed',
    failureReason: null,
    analysisStartedAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  if ((input.status ?? 'completed') === 'completed') {
    em.create(Evaluation, {
      credential,
      totalCredits: input.totalCredits ?? 3.6,
      contactHours: (input.totalCredits ?? 3.6) * 10,
      matchedCourses: [],
      rigorScore: 8,
      rigorExplanation: [],
      topicRelevance: true,
      learningObjectives: true,
      assessmentMethods: true,
      instructionHours: true,
      curriculumStructure: true,
      credentialSourceClarity: true,
      completionEvidence: true,
      minimumRequirementsMet: true,
      certificateDetails: {
        recipientName: null,
        issuingOrganization: null,
        certificateAuthor: null,
        completionDate: null,
      },
      leadContacts: input.contacts,
      courseEquivalencies: [],
      documentNotices: [],
      createdAt: new Date(),
    });
  }
  await em.flush();
  return credential.id;
}
