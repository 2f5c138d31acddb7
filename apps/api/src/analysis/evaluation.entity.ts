import { Entity, OneToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import type { DocumentNotice } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { Credential } from '../credentials/credential.entity';

export interface CertificateDetailsValue {
  recipientName: string | null;
  issuingOrganization: string | null;
  certificateAuthor: string | null;
  completionDate: string | null;
}
export interface LeadContactValue {
  name: string;
  title: string | null;
  email: string | null;
  organization: string | null;
}
export interface CourseEquivalencyValue {
  originalCourse: string;
  equivalentCourse: string;
  credits: number;
}

/** The final result of a completed analysis: one per credential. */
@Entity({ tableName: 'evaluations' })
export class Evaluation {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @OneToOne(() => Credential, { owner: true, unique: true, deleteRule: 'cascade', fieldName: 'credential_id' })
  credential!: Rel<Credential>;

  @Property({ type: 'double' })
  totalCredits!: number;

  @Property({ type: 'double' })
  contactHours!: number;

  @Property({ type: 'json' })
  matchedCourses!: string[];

  @Property({ type: 'double' })
  rigorScore!: number;

  @Property({ type: 'json' })
  rigorExplanation!: string[];

  @Property({ type: 'boolean' }) topicRelevance!: boolean;
  @Property({ type: 'boolean' }) learningObjectives!: boolean;
  @Property({ type: 'boolean' }) assessmentMethods!: boolean;
  @Property({ type: 'boolean' }) instructionHours!: boolean;
  @Property({ type: 'boolean' }) curriculumStructure!: boolean;
  @Property({ type: 'boolean' }) credentialSourceClarity!: boolean;
  @Property({ type: 'boolean' }) completionEvidence!: boolean;

  @Property({ type: 'boolean' })
  minimumRequirementsMet!: boolean;

  @Property({ type: 'json' })
  certificateDetails!: CertificateDetailsValue;

  @Property({ type: 'json' })
  leadContacts!: LeadContactValue[];

  @Property({ type: 'json' })
  courseEquivalencies!: CourseEquivalencyValue[];

  /** Documents left out of this evaluation (unreadable) or read in part, with the applicant-facing reason of each. */
  @Property({ type: 'json' })
  documentNotices: DocumentNotice[] = [];

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
