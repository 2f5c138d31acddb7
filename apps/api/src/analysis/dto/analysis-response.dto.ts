import { ApiProperty } from '@nestjs/swagger';
import { DOCUMENT_NOTICE_KINDS } from '@app/contracts';
import type {
  AnalysisRecord,
  CertificateDetails,
  CourseEquivalency,
  CredentialStatus,
  DocumentNotice,
  Evaluation,
  LeadContact,
} from '@app/contracts';

export class AnalysisRecordResponseDto implements AnalysisRecord {
  @ApiProperty({
    minimum: 1,
    maximum: 6,
    description: '1 Individual Document Analysis … 6 Contact Research & Lead Generation',
  })
  phase!: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "The phase's results, as stored when it finished",
  })
  results!: unknown;
}

export class AnalysisStartedResponseDto {
  @ApiProperty({ format: 'uuid' }) credentialId!: string;
  @ApiProperty({ enum: ['analyzing'] }) status!: Extract<CredentialStatus, 'analyzing'>;
  @ApiProperty({ format: 'date-time' }) analysisStartedAt!: string;
}

export class CertificateDetailsDto implements CertificateDetails {
  @ApiProperty({ type: String, nullable: true, example: 'Jordan Avery Smith' }) recipientName!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Mind Body Institute' }) issuingOrganization!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Dr. Helen Carter' }) certificateAuthor!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2025-06-14', description: 'YYYY-MM-DD' }) completionDate!:
    string | null;
}

export class LeadContactDto implements LeadContact {
  @ApiProperty({ example: 'Maria Lopez' }) name!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Program Director' }) title!: string | null;
  @ApiProperty({ example: 'maria.lopez@mindbody.edu' }) email!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Mind Body Institute' }) organization!: string | null;
}

export class CourseEquivalencyDto implements CourseEquivalency {
  @ApiProperty({ example: 'Foundations of Psychosomatic and Parts Therapy Practice' }) originalCourse!: string;
  @ApiProperty({ example: 'PSY 210 Psychosomatic Medicine and Mind-Body Practice' }) equivalentCourse!: string;
  @ApiProperty({ example: 3 }) credits!: number;
}

export class DocumentNoticeDto implements DocumentNotice {
  @ApiProperty({ format: 'uuid' }) documentId!: string;
  @ApiProperty({ example: 'syllabus.pdf' }) fileName!: string;
  @ApiProperty({
    enum: DOCUMENT_NOTICE_KINDS,
    description: 'unreadable: left out of the evaluation; pages_not_read: read only up to the scanned-page limit',
  })
  kind!: DocumentNotice['kind'];
  @ApiProperty({
    example: 'Could not read syllabus.pdf: This PDF could not be read; the file is damaged or incomplete.',
    description: 'Written for the applicant; names the document and what to do',
  })
  message!: string;
}

export class EvaluationResponseDto implements Evaluation {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) credentialId!: string;
  @ApiProperty({
    example: 3.6,
    description: 'Recommended quarter credits: 1 per 10 contact hours, 0 when the minimum is not met',
  })
  totalCredits!: number;
  @ApiProperty({
    type: [String],
    example: ['PSY 210 Psychosomatic Medicine and Mind-Body Practice'],
    description: 'Catalog courses with ≥ 70% topic overlap',
  })
  matchedCourses!: string[];
  @ApiProperty({ example: 8, minimum: 0, maximum: 10 }) rigorScore!: number;
  @ApiProperty({ type: [String], description: 'How the rigor score adds up, one line a point' })
  rigorExplanation!: string[];
  @ApiProperty() minimumRequirementsMet!: boolean;
  @ApiProperty({ type: Number, nullable: true, example: 36 }) contactHours!: number | null;
  @ApiProperty() topicRelevance!: boolean;
  @ApiProperty() learningObjectives!: boolean;
  @ApiProperty() assessmentMethods!: boolean;
  @ApiProperty() instructionHours!: boolean;
  @ApiProperty() curriculumStructure!: boolean;
  @ApiProperty() credentialSourceClarity!: boolean;
  @ApiProperty() completionEvidence!: boolean;
  @ApiProperty({ type: CertificateDetailsDto }) certificateDetails!: CertificateDetailsDto;
  @ApiProperty({ type: [LeadContactDto] }) leadContacts!: LeadContactDto[];
  @ApiProperty({ type: [CourseEquivalencyDto] }) courseEquivalencies!: CourseEquivalencyDto[];
  @ApiProperty({
    type: [DocumentNoticeDto],
    description:
      'Documents left out of the evaluation (it is based on the readable documents only) or read in part; empty when every document was read in full',
  })
  documentNotices!: DocumentNoticeDto[];
  @ApiProperty({
    required: false,
    type: Object,
    additionalProperties: true,
    example: { contactHours: 'no line in the documents states contact hours' },
    description: 'What no line of the documents states, by field: those fields are empty rather than guessed',
  })
  missing?: Record<string, string>;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}
