import { Migration } from '@mikro-orm/migrations';

/**
 * One unreadable document no longer fails its credential's analysis: the evaluation is of the readable documents, and
 * each document left out (or read only in part, such as a scan past the OCR page limit) is kept here with the reason
 * the applicant and staff see. Evaluations made before this read every document: they get an empty list.
 */
export class Migration20261128100000_evaluation_document_notices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table evaluations add column document_notices jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table evaluations drop column document_notices;');
  }
}
