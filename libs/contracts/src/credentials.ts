export const CREDENTIAL_STATUSES = ['pending', 'analyzing', 'completed', 'failed'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

export const DOCUMENT_TYPES = ['transcript', 'syllabus', 'certificate', 'course_description', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** The spec has no user accounts on the evaluation page; every credential belongs to this user. */
export const DEFAULT_USER_ID = '00000000-0000-4000-8000-000000000001';

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
  userId: string;
  failureReason: string | null;
  createdAt: string;
  documents: CredentialDocument[];
}

export interface CreateCredentialRequest {
  name: string;
  userId?: string;
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
