import type { CertificateDetails, DocumentType, LeadContact } from '@app/contracts';
import { mergeCertificateDetails, mergeContacts } from '../credential-analysis';
import type { DocumentReading } from './document-reading';

/** Phase 5's result. */
export interface CertificateExtraction {
  certificateDetails: CertificateDetails;
}

/** Phase 6's result. */
export interface LeadGeneration {
  leadContacts: LeadContact[];
}

/** Certificates speak for the recipient and issuer first, then transcripts, then the rest. */
const DOCUMENT_TYPE_PRIORITY: Readonly<Record<DocumentType, number>> = {
  certificate: 0,
  transcript: 1,
  syllabus: 2,
  course_description: 3,
  other: 4,
};

/** The readings in the order their certificate details count: certificate, transcript, syllabus, course description, other. */
export function byCertificateAuthority(readings: readonly DocumentReading[]): DocumentReading[] {
  return [...readings].sort((a, b) => DOCUMENT_TYPE_PRIORITY[a.documentType] - DOCUMENT_TYPE_PRIORITY[b.documentType]);
}

export function extractCertificate(readings: readonly DocumentReading[]): CertificateExtraction {
  return {
    certificateDetails: mergeCertificateDetails(byCertificateAuthority(readings).map((r) => r.signals.certificate)),
  };
}

export function collectContacts(readings: readonly DocumentReading[]): LeadGeneration {
  return { leadContacts: mergeContacts(readings.map((r) => r.signals.contacts)) };
}
