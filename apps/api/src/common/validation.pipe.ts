import { ArgumentMetadata, Type, ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidationFailedError } from './errors/app-error';

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

/** Work done before a refused body of one DTO class is answered, e.g. removing what the request pointed at. */
export type InvalidBodyHook = (body: object) => Promise<void>;

/**
 * Whitelisted, unknown fields refused, and failures reported per field so forms can show them. A body refused
 * here never reaches its handler, so a DTO class whose request leaves something behind names a hook; its failure
 * is ignored (the refusal is the answer).
 */
class AppValidationPipe extends ValidationPipe {
  constructor(private readonly invalidBodyHooks: ReadonlyMap<Type<unknown>, InvalidBodyHook>) {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) => {
        const fieldErrors = collect(errors);
        // Two fields refused with the same words (a form's "fill in your name and email") say it once.
        const message = [...new Set(Object.values(fieldErrors).flat())].join('; ') || 'Invalid request';
        return new ValidationFailedError(message, fieldErrors);
      },
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      const hook = metadata.type === 'body' && metadata.metatype && this.invalidBodyHooks.get(metadata.metatype);
      if (hook && error instanceof ValidationFailedError && value && typeof value === 'object') {
        await hook(value).catch(() => undefined);
      }
      throw error;
    }
  }
}

export function createValidationPipe(
  invalidBodyHooks: ReadonlyMap<Type<unknown>, InvalidBodyHook> = new Map(),
): ValidationPipe {
  return new AppValidationPipe(invalidBodyHooks);
}
