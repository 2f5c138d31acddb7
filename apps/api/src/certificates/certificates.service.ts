import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type {
  CredentialFacts,
  DidDocument,
  IssuedCredentialKind,
  IssuedCredentialSummary,
  PublishedKeySet,
  VerificationResult,
  VerifyPresentedResult,
} from '@app/contracts';
import {
  certificateNumber,
  completionCredential,
  credentialFacts,
  evaluationReportCredential,
  revocationReasonError,
  type EvaluationReportInput,
  type IssuerProfile,
  type OpenBadgeCredential,
} from '@app/domain';
import { AuditService, type AuditActor } from '../audit/audit.service';
import { TransactionRunner } from '../database/transaction-runner';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { OutboxRepository } from '../mail/outbox.repository';
import { certificatePdf } from './certificate-pdf';
import { AlreadyRevokedError, CertificateInputError, IssuedCredentialNotFoundError } from './certificates.errors';
import {
  CertificatesRepository,
  WITHDRAWN_REASON,
  type IssuedCredentialRow,
  type NewIssuedCredential,
} from './certificates.repository';
import { envelope, signCredential, type EnvelopedCredential } from './credential-jose';
import { CredentialVerifier } from './credential-verifier';
import { SigningKeys } from './signing-keys';

/** What every certificate gets from its issuing: its id and number, the issuer, the time, its links. */
type NumberedCredential = Pick<
  EvaluationReportInput,
  'id' | 'certificateNumber' | 'issuer' | 'issuedAt' | 'verifyUrl' | 'status'
>;

/** One completion to certify, as the enrollments feature hands it over inside its transaction. */
export interface CompletionToCertify {
  enrollmentId: string;
  recipientName: string;
  recipientEmail: string;
  trainingName: string;
  cohortMonth: string | null;
  contactHours: number;
  completedOn: string;
}

/** Who asks for a download: staff see every certificate; a trainee their own (by the signed-in account's email). */
export type CertificateViewer = { kind: 'staff' } | { kind: 'applicant'; applicantId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class CertificatesService {
  private readonly logger = new Logger(CertificatesService.name);

  constructor(
    private readonly repository: CertificatesRepository,
    private readonly keys: SigningKeys,
    private readonly verifier: CredentialVerifier,
    private readonly audit: AuditService,
    private readonly transactions: TransactionRunner,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  private issuer(): IssuerProfile {
    return this.verifier.issuer();
  }

  private verifyUrl(id: string): string {
    return this.verifier.verifyUrl(id);
  }

  private statusListUrl(): string {
    return this.verifier.statusListUrl();
  }

  statusListJws(): Promise<string> {
    return this.verifier.statusListJws();
  }

  verifyPresented(input: unknown): Promise<VerifyPresentedResult> {
    return this.verifier.verifyPresented(input);
  }

  /**
   * Issues one certificate per completion that has none yet, each with its mail, in the caller's transaction (the
   * completion's). Run again for the same enrollments, it issues and mails nothing.
   */
  async issueCompletions(
    em: EntityManager,
    completions: CompletionToCertify[],
  ): Promise<{ ids: string[]; mails: number }> {
    const existing = await this.repository.existingForEnrollments(
      em,
      completions.map((c) => c.enrollmentId),
    );
    const ids: string[] = [];
    let mails = 0;
    for (const completion of completions) {
      if (existing.has(completion.enrollmentId)) continue;
      const issued = await this.issue(
        em,
        'completion',
        (numbered) =>
          completionCredential({
            ...numbered,
            signer: { name: this.config.issuing.signerName, title: this.config.issuing.signerTitle },
            recipient: { name: completion.recipientName, email: completion.recipientEmail },
            trainingName: completion.trainingName,
            cohortMonth: completion.cohortMonth,
            contactHours: completion.contactHours,
            completedOn: completion.completedOn,
          }),
        {
          enrollmentId: completion.enrollmentId,
          credentialId: null,
          recipientName: completion.recipientName,
          recipientEmail: completion.recipientEmail,
          title: completion.trainingName,
          contactHours: completion.contactHours,
          credits: null,
          awardedOn: completion.completedOn,
        },
      );
      if (!issued) continue;
      const { id, certificateNumber: certNumber } = issued;
      ids.push(id);
      mails += await OutboxRepository.enqueue(em, {
        key: `certificate-issued:${id}`,
        to: completion.recipientEmail,
        template: 'certificate-issued',
        data: {
          certificateId: id,
          kind: 'completion',
          recipientName: completion.recipientName,
          title: completion.trainingName,
          certificateNumber: certNumber,
        },
      });
    }
    return { ids, mails };
  }

  /** The course-by-course report of a verified evaluation, in the review's transaction; once per credential. */
  async issueEvaluationReport(
    em: EntityManager,
    input: Omit<EvaluationReportInput, keyof NumberedCredential> & {
      credentialId: string;
    },
  ): Promise<string | null> {
    const issued = await this.issue(
      em,
      'evaluation-report',
      (numbered) => evaluationReportCredential({ ...input, ...numbered }),
      {
        enrollmentId: null,
        credentialId: input.credentialId,
        recipientName: input.recipient.name,
        recipientEmail: input.recipient.email,
        title: input.credentialName,
        contactHours: null,
        credits: input.awardedCredits,
        awardedOn: input.verifiedOn,
      },
    );
    if (!issued) return null;
    // Its own mail (links to its verification page and the download), in the review's transaction: once, since the
    // report is issued once per credential.
    if (input.recipient.email) {
      await OutboxRepository.enqueue(em, {
        key: `evaluation-report-issued:${issued.id}`,
        to: input.recipient.email,
        template: 'evaluation-report-issued',
        data: {
          certificateId: issued.id,
          kind: 'evaluation-report',
          recipientName: input.recipient.name,
          title: input.credentialName,
          certificateNumber: issued.certificateNumber,
        },
      });
    }
    return issued.id;
  }

  /**
   * Numbers, builds, signs and stores one certificate in the caller's transaction: the next number of the sequence
   * gives its certificate number and status index. Null when the row was there already (issued once).
   */
  private async issue(
    em: EntityManager,
    kind: IssuedCredentialKind,
    build: (numbered: NumberedCredential) => OpenBadgeCredential,
    row: Omit<
      NewIssuedCredential,
      'id' | 'kind' | 'certificateNumber' | 'statusIndex' | 'jws' | 'keyId' | 'issuerId' | 'issuedAt'
    >,
  ): Promise<{ id: string; certificateNumber: string } | null> {
    const id = randomUUID();
    const number = await this.repository.nextNumber(em);
    const issuedAt = new Date();
    const certNumber = certificateNumber(kind, issuedAt.getUTCFullYear(), number);
    const status = { listUrl: this.statusListUrl(), index: number - 1 };
    const credential = build({
      id,
      certificateNumber: certNumber,
      issuer: this.issuer(),
      issuedAt,
      verifyUrl: this.verifyUrl(id),
      status,
    });
    const { jws, kid } = await signCredential(this.keys, credential);
    const added = await this.repository.insert(em, {
      ...row,
      id,
      kind,
      certificateNumber: certNumber,
      statusIndex: status.index,
      recipientEmail: row.recipientEmail.toLowerCase(),
      jws,
      keyId: kid,
      issuerId: this.keys.did,
      issuedAt,
    });
    return added ? { id, certificateNumber: certNumber } : null;
  }

  toSummary(row: IssuedCredentialRow): IssuedCredentialSummary {
    return {
      id: row.id,
      kind: row.kind,
      certificateNumber: row.certificateNumber,
      recipientName: row.recipientName,
      title: row.title,
      contactHours: row.contactHours === null ? null : Number(row.contactHours),
      credits: row.credits === null ? null : Number(row.credits),
      awardedOn: row.awardedOn,
      issuedAt: new Date(row.issuedAt).toISOString(),
      revokedAt: row.revokedAt ? new Date(row.revokedAt).toISOString() : null,
      revocationReason: row.revocationReason,
      verifyPath: `/verify/${row.id}`,
    };
  }

  /** The trainee's certificates (by the signed-in account's email) and the reports of the applicant's credentials. */
  async listMine(applicantId: string): Promise<IssuedCredentialSummary[]> {
    const email = await this.repository.applicantEmail(applicantId);
    return (await this.repository.listForApplicant(applicantId, email)).map((row) => this.toSummary(row));
  }

  async listForEnrollment(enrollmentId: string): Promise<IssuedCredentialSummary[]> {
    return (await this.repository.listForEnrollment(enrollmentId)).map((row) => this.toSummary(row));
  }

  async listForCredential(credentialId: string): Promise<IssuedCredentialSummary[]> {
    return (await this.repository.listForCredential(credentialId)).map((row) => this.toSummary(row));
  }

  /** A downloadable credential: withdrawn ones have nothing left to download. */
  private async requireVisible(id: string, viewer: CertificateViewer): Promise<IssuedCredentialRow & { jws: string }> {
    const row = UUID.test(id) ? await this.repository.findById(id) : null;
    if (!row || row.jws === null) throw new IssuedCredentialNotFoundError();
    const jws = row.jws;
    if (viewer.kind === 'applicant') {
      // A trainee by the signed-in account's email; an evaluation report also by the evaluated credential's owner.
      const email = await this.repository.applicantEmail(viewer.applicantId);
      const byEmail =
        email !== null && row.recipientEmail !== '' && email.toLowerCase() === row.recipientEmail.toLowerCase();
      const owner = row.credentialId ? await this.repository.credentialOwner(row.credentialId) : null;
      if (!byEmail && owner !== viewer.applicantId) throw new IssuedCredentialNotFoundError();
    }
    return { ...row, jws };
  }

  /** The JSON download: the EnvelopedVerifiableCredential around the JWS. */
  async credentialJson(id: string, viewer: CertificateViewer): Promise<{ body: EnvelopedCredential; number: string }> {
    const row = await this.requireVisible(id, viewer);
    return { body: envelope(row.jws), number: row.certificateNumber };
  }

  async pdf(id: string, viewer: CertificateViewer): Promise<{ bytes: Uint8Array; number: string }> {
    const row = await this.requireVisible(id, viewer);
    const verified = await this.verifier.verifyOwn(row.jws);
    const facts = verified.ok ? credentialFacts(verified.credential) : null;
    if (!verified.ok || !facts) throw new Error(`Stored credential ${row.id} does not verify`);
    const bytes = await certificatePdf({
      facts,
      credential: verified.credential,
      jws: row.jws,
      verifyUrl: this.verifyUrl(row.id),
      signerTitle: this.config.issuing.signerTitle,
    });
    return { bytes, number: row.certificateNumber };
  }

  /** The public verification page: genuine (signature against the published keys), revoked or not, the facts. */
  async verify(id: string): Promise<VerificationResult> {
    const row = UUID.test(id) ? await this.repository.findById(id) : null;
    if (!row) throw new IssuedCredentialNotFoundError();
    if (row.jws === null) {
      // Withdrawn at the holder's request: revoked in the status list, and nothing personal is left to show.
      return {
        id: row.id,
        genuine: false,
        revoked: true,
        withdrawn: true,
        revocationReason: WITHDRAWN_REASON,
        revokedAt: row.revokedAt ? new Date(row.revokedAt).toISOString() : null,
        keyId: row.keyId,
        problem: 'Withdrawn at the holder’s request: its content is no longer held here',
        facts: null,
      };
    }
    const checked = await this.verifier.checkJws(row.jws);
    const named = checked.genuine && checked.id === row.id;
    return {
      id: row.id,
      genuine: named,
      revoked: checked.revoked,
      withdrawn: false,
      revocationReason: checked.revoked ? row.revocationReason : null,
      revokedAt: checked.revoked && row.revokedAt ? new Date(row.revokedAt).toISOString() : null,
      keyId: checked.keyId,
      problem: named ? null : (checked.problem ?? 'The credential does not name this record'),
      facts: checked.facts,
    };
  }

  async revoke(id: string, reason: unknown, actor: AuditActor): Promise<IssuedCredentialSummary> {
    const problem = revocationReasonError(reason);
    if (problem) throw new CertificateInputError('reason', problem);
    const text = String(reason).trim();
    const row = UUID.test(id) ? await this.repository.findById(id) : null;
    if (!row) throw new IssuedCredentialNotFoundError();
    await this.transactions.run(async (em) => {
      if (!(await this.repository.revoke(em, id, text, actor.username))) throw new AlreadyRevokedError();
      await this.audit.record(
        em,
        actor,
        'credential.revoked',
        { type: 'issued_credential', id },
        `Revoked ${row.certificateNumber}: ${text}`,
        {
          certificateNumber: row.certificateNumber,
          reason: text,
          statusIndex: row.statusIndex,
        },
      );
    });
    this.logger.log(`Issued credential ${id} revoked by admin ${actor.id}`);
    const after = await this.repository.findById(id);
    return this.toSummary(after ?? row);
  }

  /**
   * Every public key, under its current kid and under the kid of every earlier issuer id we signed with (WEB_URL was
   * another host then), so a third party matching an old credential's kid in this JWKS still finds its key.
   */
  async jwks(): Promise<PublishedKeySet> {
    const earlier = (await this.repository.issuerIds()).filter((issuerId) => issuerId !== this.keys.did);
    return {
      keys: this.keys
        .publishedKeys()
        .flatMap((key) => [
          { ...key.jwk },
          ...earlier.map((issuerId) => ({ ...key.jwk, kid: `${issuerId}#${key.thumbprint}` })),
        ]),
    };
  }

  didDocument(): DidDocument {
    const did = this.keys.did;
    const methods = this.keys.publishedKeys().map((key) => ({
      id: key.kid,
      type: 'JsonWebKey',
      controller: did,
      publicKeyJwk: { kty: key.jwk.kty, crv: key.jwk.crv, x: key.jwk.x },
    }));
    return {
      '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/jwk/v1'],
      id: did,
      verificationMethod: methods,
      assertionMethod: methods.map((m) => m.id),
    };
  }

  /** For staff tools and tests: read what a credential states after checking it. */
  async factsOf(jws: string): Promise<CredentialFacts | null> {
    const verified = await this.verifier.verifyOwn(jws);
    return verified.ok ? credentialFacts(verified.credential) : null;
  }
}
