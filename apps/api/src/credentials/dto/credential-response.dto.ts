import { ApiProperty } from '@nestjs/swagger';
import {
  ANALYSIS_FAILURE_KINDS,
  CREDENTIAL_STATUSES,
  type AnalysisFailureKind,
  DOCUMENT_TYPES,
  type Credential,
  type CredentialDocument,
  type CredentialStatus,
  type DocumentDownload,
  type DocumentType,
} from '@app/contracts';

export class CredentialDocumentResponseDto implements CredentialDocument {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Official_Transcript.pdf' }) fileName!: string;
  @ApiProperty({ enum: DOCUMENT_TYPES, description: 'Given at registration, else guessed from the file name' })
  documentType!: DocumentType;
  @ApiProperty({ example: 48213, description: 'Real size in bytes, read from storage' }) fileSize!: number;
  @ApiProperty({ example: 'application/pdf', description: 'MIME type detected from the content' }) fileType!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class CredentialResponseDto implements Credential {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'BA Psychology, State University' }) name!: string;
  @ApiProperty({ enum: CREDENTIAL_STATUSES }) status!: CredentialStatus;
  @ApiProperty({ format: 'uuid', description: 'The applicant who owns it' }) ownerId!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Why the analysis failed, when it did' })
  failureReason!: string | null;
  @ApiProperty({
    // null among the values too: OpenAPI 3.0's `nullable` does not widen an `enum`, so a null broke the document.
    enum: [...ANALYSIS_FAILURE_KINDS, null],
    nullable: true,
    description: 'interrupted: may be analyzed again at once; documents: once a document is added',
  })
  failureKind!: AnalysisFailureKind | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Start of the latest attempt' })
  analysisStartedAt!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: [CredentialDocumentResponseDto], description: 'Oldest first' })
  documents!: CredentialDocumentResponseDto[];
}

export class DocumentDownloadResponseDto implements DocumentDownload {
  @ApiProperty({ description: 'Presigned GET; downloads as an attachment with the type checked at registration' })
  url!: string;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
}
