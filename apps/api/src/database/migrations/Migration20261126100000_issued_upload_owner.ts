import { Migration } from '@mikro-orm/migrations';

/**
 * Who an upload URL was issued to: the applicant, or null for staff. Registration accepts an applicant's upload only
 * from that applicant, so a leaked upload URL cannot pull someone else's document into another applicant's
 * credential. Rows issued before this migration (at most one URL lifetime old) have null: only staff can register
 * them, and the applicant uploads the file again.
 */
export class Migration20261126100000_issued_upload_owner extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table issued_uploads add column applicant_id uuid null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table issued_uploads drop column applicant_id;');
  }
}
