export const CREDENTIAL_STATUSES = ['pending', 'analyzing', 'completed', 'failed'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

export const DOCUMENT_TYPES = ['transcript', 'syllabus', 'certificate', 'course_description', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** The spec's fixed default user: credentials created before applicants owned their records belong to it. */
export const DEFAULT_USER_ID = '00000000-0000-4000-8000-000000000001';
export const LEGACY_APPLICANT_ID = DEFAULT_USER_ID;

export interface CredentialDocument {
  id: string;
  fileName: string;
  documentType: DocumentType;
  fileSize: number;
  fileType: string;
  createdAt: string;
}

export interface Credential {
  id: string;
  name: string;
  status: CredentialStatus;
  /** The applicant who owns it. */
  ownerId: string;
  failureReason: string | null;
  /**
   * Why a failed analysis failed: 'interrupted' (a restart, a crashed worker, a timeout, an outage: it may start
   * again at once) or 'documents' (none could be read: it may start again once the documents change); null otherwise,
   * and for failures recorded before the kind was.
   */
  failureKind: AnalysisFailureKind | null;
  /** When the latest analysis attempt started (null before the first). */
  analysisStartedAt: string | null;
  createdAt: string;
  documents: CredentialDocument[];
}

export const ANALYSIS_FAILURE_KINDS = ['interrupted', 'documents'] as const;
export type AnalysisFailureKind = (typeof ANALYSIS_FAILURE_KINDS)[number];

/** The owner is the caller (the web server's applicant token), never a field the browser sends. */
export interface CreateCredentialRequest {
  name: string;
}

export interface UploadUrlResponse {
  uploadURL: string;
}

export interface UploadCompleteRequest {
  uploadURL: string;
  credentialId: string;
  fileName: string;
  fileSize: number;
  fileType: string;
  documentType?: DocumentType;
}
