import { ValidateIf } from 'class-validator';

/**
 * A field that may be left out but, when sent, must pass its other rules. Unlike @IsOptional(), null is not
 * "left out": an explicit null for a NOT NULL column is refused with a 400 instead of reaching the database.
 */
export function IsAbsentOr(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
