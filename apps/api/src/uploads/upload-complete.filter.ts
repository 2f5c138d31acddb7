import { ArgumentsHost, BadRequestException, Catch, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AllExceptionsFilter } from '../common/filters/all-exceptions.filter';
import { UploadsService } from './uploads.service';

/**
 * The global ValidationPipe refuses a request with a missing or invalid field before the handler runs; this
 * filter still removes the uploaded object in that case (when its URL is ours and unused), then answers with
 * the one error shape.
 */
@Injectable()
@Catch(BadRequestException)
export class UploadCompleteValidationFilter extends AllExceptionsFilter {
  constructor(private readonly uploads: UploadsService) {
    super();
  }

  override catch(exception: BadRequestException, host: ArgumentsHost): void {
    const response = exception.getResponse();
    const isValidationFailure =
      typeof response === 'object' && (response as { code?: unknown }).code === 'VALIDATION_FAILED';
    const body = host.switchToHttp().getRequest<Request>().body as { uploadURL?: unknown } | undefined;
    if (!isValidationFailure || !body) {
      super.catch(exception, host);
      return;
    }
    void this.uploads
      .discardUnregistered(body.uploadURL)
      .catch(() => undefined)
      .finally(() => super.catch(exception, host));
  }
}
