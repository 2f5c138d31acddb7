import { Entity, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Credential } from './credential.entity';

@Entity({ tableName: 'credential_documents' })
export class CredentialDocument {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Credential, { deleteRule: 'cascade', fieldName: 'credential_id' })
  credential!: Rel<Credential>;

  @Property({ type: 'string', length: 255 })
  fileName!: string;

  @Property({ type: 'string', length: 30 })
  documentType!: 'transcript' | 'syllabus' | 'certificate' | 'course_description' | 'other';

  @Property({ type: 'integer' })
  fileSize!: number;

  /** MIME type detected from the file's content. */
  @Property({ type: 'string', length: 100 })
  fileType!: string;

  /** Key of the object in storage; unique so one upload is registered once. */
  @Property({ type: 'string', length: 300, unique: true })
  objectKey!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
