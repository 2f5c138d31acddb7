import { isValidEmail } from '@app/domain';
import { ValidateBy } from 'class-validator';

/** The app's one email rule (libs/domain `isValidEmail`, which also caps the length) with the field's own message. */
export function IsValidEmail(message: string): PropertyDecorator {
  return ValidateBy({
    name: 'isValidEmail',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isValidEmail(value),
      defaultMessage: () => message,
    },
  });
}
