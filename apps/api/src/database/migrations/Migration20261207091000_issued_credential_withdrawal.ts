import { Migration } from '@mikro-orm/migrations';

/**
 * Issued credentials remember the issuer id they were signed under (did:web of WEB_URL then), so a later WEB_URL does
 * not make our own earlier credentials foreign; and an erased applicant's evaluation report is withdrawn: revoked in
 * the status list, its personal data (and the signed JWS that carries it) removed, only the number and index kept.
 */
export class Migration20261207091000_issued_credential_withdrawal extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table issued_credentials add column issuer_id text null, add column withdrawn_at timestamptz null;`,
    );
    // The issuer id of the credentials issued so far, read from each JWS payload (base64url JSON).
    this.addSql(
      `update issued_credentials set issuer_id = convert_from(decode(
         rpad(translate(split_part(jws, '.', 2), '-_', '+/'), ((length(split_part(jws, '.', 2)) + 3) / 4) * 4, '='),
         'base64'), 'UTF8')::jsonb -> 'issuer' ->> 'id';`,
    );
    this.addSql(`alter table issued_credentials alter column issuer_id set not null, alter column jws drop not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from issued_credentials where jws is null;`);
    this.addSql(
      `alter table issued_credentials alter column jws set not null, drop column if exists withdrawn_at, drop column if exists issuer_id;`,
    );
  }
}
