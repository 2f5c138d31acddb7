import { ValidateBy } from 'class-validator';

/**
 * Checks one DTO property by its form's rule in libs/domain (the schema the web action runs too) and reports that
 * rule's message on the property, so the API and the page refuse the same values with the same words:
 *
 *     @FormRule((value) => cohortFieldError('capacity', value))
 *
 * The global ValidationPipe turns the messages into the one error shape's `fieldErrors` (docs/decisions/016).
 */
export function FormRule(fieldError: (value: unknown) => string | null): PropertyDecorator {
  return ValidateBy({
    name: 'formRule',
    validator: {
      validate: (value: unknown) => fieldError(value) === null,
      defaultMessage: (args) => fieldError(args?.value) ?? '',
    },
  });
}

/** Trims a text property before its rule runs (the form schemas trim too); anything else is left for the rule. */
export const trimText = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);
