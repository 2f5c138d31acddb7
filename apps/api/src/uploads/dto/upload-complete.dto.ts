import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DOCUMENT_TYPES, type DocumentType, type UploadCompleteRequest } from '@app/contracts';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, Min } from 'class-validator';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

export class UploadCompleteDto implements UploadCompleteRequest {
  @ApiProperty({ description: 'The URL returned by POST /api/objects/upload (its query string is ignored)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(4096)
  uploadURL!: string;

  @ApiProperty({ format: 'uuid', description: 'The credential the document belongs to' })
  @IsUUID(undefined, { message: 'credentialId must be a UUID' })
  credentialId!: string;

  @ApiProperty({ example: 'Official_Transcript.pdf', maxLength: 255 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  fileName!: string;

  @ApiProperty({ example: 48213, description: "The browser's size; the stored size is read from storage instead" })
  @IsInt()
  @Min(0)
  fileSize!: number;

  @ApiProperty({
    example: 'application/pdf',
    description: "The browser's MIME type; the stored type is detected from the content",
  })
  @IsString()
  @MaxLength(255)
  fileType!: string;

  @ApiPropertyOptional({
    enum: DOCUMENT_TYPES,
    description: 'One of the five document types; anything else (or nothing) means: guessed from the file name',
  })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  documentType?: DocumentType;
}
