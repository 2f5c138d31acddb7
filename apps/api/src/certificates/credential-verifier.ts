import { Injectable } from '@nestjs/common';
import type { VerifyPresentedResult } from '@app/contracts';
import { credentialFacts, credentialUuid, type IssuerProfile } from '@app/domain';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { CertificatesRepository } from './certificates.repository';
import {
  isSetInList,
  NOT_THIS_ISSUER,
  presentedJws,
  signCredential,
  statusListCredential,
  verifyJws,
  type VerifiedJws,
} from './credential-jose';
import { SigningKeys } from './signing-keys';

export const STATUS_LIST_PATH = '/credentials/status/1';

/**
 * Checks credentials of this issuer: the signature against the published keys, then the revocation bit in the status
 * list this issuer publishes. Used by /verify and by the analysis when an applicant uploads one of ours.
 */
@Injectable()
export class CredentialVerifier {
  constructor(
    private readonly keys: SigningKeys,
    private readonly repository: CertificatesRepository,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  private get webUrl(): string {
    return this.config.webUrl.replace(/\/+$/, '');
  }

  issuer(): IssuerProfile {
    return { id: this.keys.did, name: this.config.issuing.providerName, url: this.webUrl };
  }

  verifyUrl(id: string): string {
    return `${this.webUrl}/verify/${id}`;
  }

  statusListUrl(): string {
    return `${this.webUrl}${STATUS_LIST_PATH}`;
  }

  /** The status list as a third party reads it: a signed BitstringStatusListCredential (VC-JOSE). */
  async statusListJws(): Promise<string> {
    const payload = statusListCredential({
      did: this.keys.did,
      listUrl: this.statusListUrl(),
      revokedIndexes: await this.repository.revokedIndexes(),
      now: new Date(),
    });
    return (await signCredential(this.keys, payload)).jws;
  }

  /**
   * Our own credential (by signature) under this issuer id: the current did:web, or the one it was issued under and
   * recorded with it (WEB_URL was another host then).
   */
  async verifyOwn(jws: string): Promise<VerifiedJws> {
    const verified = await verifyJws(this.keys, jws);
    if (!verified.ok || verified.issuerId === this.keys.did) return verified;
    const id = credentialUuid(verified.credential.id);
    return id && (await this.repository.issuedUnder(id, verified.issuerId))
      ? verified
      : { ok: false, problem: NOT_THIS_ISSUER, kid: verified.kid };
  }

  /**
   * Revoked or not, read from the status list the credential points at: the list this issuer publishes, at
   * STATUS_LIST_PATH of whatever WEB_URL it had when it signed the credential (the signature says we wrote the URL).
   */
  private async revokedInList(credential: Record<string, unknown>): Promise<boolean> {
    const status = credential.credentialStatus as
      { statusListIndex?: unknown; statusListCredential?: unknown } | undefined;
    const index = Number(status?.statusListIndex);
    const listUrl = typeof status?.statusListCredential === 'string' ? status.statusListCredential : '';
    if (!listUrl.endsWith(STATUS_LIST_PATH) || !Number.isInteger(index)) return false;
    const list = await verifyJws(this.keys, await this.statusListJws());
    if (!list.ok) throw new Error('The status list does not verify');
    const encoded = (list.credential.credentialSubject as { encodedList: string }).encodedList;
    return isSetInList(encoded, index);
  }

  async checkJws(jws: string): Promise<VerifyPresentedResult & { keyId: string | null }> {
    const verified = await this.verifyOwn(jws);
    if (!verified.ok) {
      return { genuine: false, revoked: false, problem: verified.problem, id: null, facts: null, keyId: verified.kid };
    }
    const facts = credentialFacts(verified.credential);
    return {
      genuine: facts !== null,
      revoked: await this.revokedInList(verified.credential),
      problem: facts ? null : 'Signed by this issuer, but not a certificate or report',
      id: credentialUuid(verified.credential.id),
      facts,
      keyId: verified.kid,
    };
  }

  /** Checks a credential someone holds: the JSON download, its text, or the bare JWS; null when it is none at all. */
  async verifyPresented(input: unknown): Promise<VerifyPresentedResult> {
    const jws = presentedJws(input);
    if (!jws) {
      return {
        genuine: false,
        revoked: false,
        problem: 'Not a signed credential of this issuer',
        id: null,
        facts: null,
      };
    }
    const { keyId: _keyId, ...result } = await this.checkJws(jws);
    return result;
  }
}
