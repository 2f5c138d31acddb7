import { ApiProperty } from '@nestjs/swagger';
import type { UploadUrlResponse } from '@app/contracts';

export class UploadUrlResponseDto implements UploadUrlResponse {
  @ApiProperty({
    example: 'http://127.0.0.1:4569/uploads/uploads/5b0c…?X-Amz-Algorithm=AWS4-HMAC-SHA256&…',
    description: 'Presigned, short-lived URL for one PUT of the file body to a key the server chose',
  })
  uploadURL!: string;
}
