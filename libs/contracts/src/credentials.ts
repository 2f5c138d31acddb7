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
  createdAt: string;
  documents: CredentialDocument[];
}

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
