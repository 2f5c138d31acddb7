import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * An object key this server presigned an upload for. Registration accepts only these keys, and only once:
 * `spentAt` is set by the first registration attempt (or the sweep of abandoned uploads).
 */
@Entity({ tableName: 'issued_uploads' })
export class IssuedUpload {
  @PrimaryKey({ type: 'string', length: 300 })
  objectKey!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  issuedAt: Date = new Date();

  /** When the presigned URL stops working. */
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  spentAt: Date | null = null;

  /** The applicant the URL was issued to; null when staff asked for it. Only they may register the upload. */
  @Property({ type: 'uuid', nullable: true })
  applicantId: string | null = null;
}
