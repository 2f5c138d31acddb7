import type { ArgumentMetadata } from '@nestjs/common';
import { IsString } from 'class-validator';
import { ValidationFailedError } from './errors/app-error';
import { createValidationPipe } from './validation.pipe';

class WatchedDto {
  @IsString()
  name!: string;
}

class OtherDto {
  @IsString()
  name!: string;
}

const asBody = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'body', metatype });

describe('createValidationPipe', () => {
  const seen: object[] = [];
  const pipe = createValidationPipe(
    new Map([
      [
        WatchedDto,
        async (body: object) => {
          seen.push(body);
        },
      ],
    ]),
  );
  beforeEach(() => (seen.length = 0));

  it('refuses with the field errors and runs the hook of that DTO class with the raw body first', async () => {
    const refused = await pipe.transform({ name: 3, extra: true }, asBody(WatchedDto)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValidationFailedError);
    expect((refused as ValidationFailedError).toResponse()).toEqual({
      statusCode: 400,
      message: 'property extra should not exist; name must be a string',
      code: 'VALIDATION_FAILED',
      fieldErrors: { extra: ['property extra should not exist'], name: ['name must be a string'] },
    });
    expect(seen).toEqual([{ name: 3, extra: true }]);
  });

  it('runs no hook for a valid body or another DTO class, and answers even when the hook fails', async () => {
    await expect(pipe.transform({ name: 'Ada' }, asBody(WatchedDto))).resolves.toEqual({ name: 'Ada' });
    await expect(pipe.transform({ name: 3 }, asBody(OtherDto))).rejects.toBeInstanceOf(ValidationFailedError);
    expect(seen).toEqual([]);

    const failing = createValidationPipe(new Map([[WatchedDto, () => Promise.reject(new Error('storage down'))]]));
    await expect(failing.transform({}, asBody(WatchedDto))).rejects.toBeInstanceOf(ValidationFailedError);
  });
});
