import { MAX_UPLOAD_BYTES } from '@app/domain';
import { AppError } from '../common/errors/app-error';

export class UploadUrlNotIssuedError extends AppError {
  constructor() {
    super('VALIDATION_FAILED', 'The upload URL was not issued by this server');
  }
}

export class UploadAlreadyRegisteredError extends AppError {
  constructor() {
    super('CONFLICT', 'This upload has already been registered');
  }
}

export class UploadUrlExpiredError extends AppError {
  constructor() {
    super('VALIDATION_FAILED', 'The upload URL has expired; please upload the file again');
  }
}

export class NoFileUploadedError extends AppError {
  constructor() {
    super('VALIDATION_FAILED', 'No file was uploaded to this URL');
  }
}

export class EmptyFileError extends AppError {
  constructor() {
    super('VALIDATION_FAILED', 'The file is empty');
  }
}

export class FileTooLargeError extends AppError {
  constructor() {
    super('PAYLOAD_TOO_LARGE', `The file is larger than the 10 MB limit (${MAX_UPLOAD_BYTES} bytes)`);
  }
}

/** Judged by the content, not the name or the browser's MIME type. */
export class UnsupportedFileTypeError extends AppError {
  constructor() {
    super(
      'UNSUPPORTED_MEDIA_TYPE',
      'Only PDF, DOC, DOCX, JPG and PNG files are accepted, and this file is none of them',
    );
  }
}

/** The analysis reads the credential's documents as they are: none are added meanwhile. */
export class DocumentsLockedByAnalysisError extends AppError {
  constructor() {
    super('CONFLICT', 'Documents cannot be added while the credential is being analyzed');
  }
}
