import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function collect(
  errors: ValidationError[],
  prefix = '',
  into: Record<string, string[]> = {},
): Record<string, string[]> {
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) into[path] = Object.values(error.constraints);
    if (error.children?.length) collect(error.children, path, into);
  }
  return into;
}

/** Whitelisted, unknown fields refused, and failures reported per field so forms can show them. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const fieldErrors = collect(errors);
      const message = Object.values(fieldErrors).flat().join('; ') || 'Invalid request';
      return new BadRequestException({ message, code: 'VALIDATION_FAILED', fieldErrors });
    },
  });
}
