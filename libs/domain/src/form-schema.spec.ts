import { z } from 'zod';
import { checkForm, fieldRuleError, firstFieldErrors, formChecks, lazySchema } from './form-schema';

describe('lazySchema', () => {
  it('builds the schema on the first call only', () => {
    const build = jest.fn(() => z.object({ a: z.string() }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema()).toBe(schema());
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe('firstFieldErrors', () => {
  it('keeps the first message of each named field, in the order of the fields', () => {
    const issues = [
      { path: ['b'], message: 'b first' },
      { path: ['a', 0], message: 'a nested' },
      { path: ['b'], message: 'b second' },
      { path: ['other'], message: 'not a field' },
      { path: [], message: 'the whole form' },
    ];
    const errors = firstFieldErrors(issues, ['a', 'b'] as const);
    expect(errors).toEqual({ a: 'a nested', b: 'b first' });
    expect(Object.keys(errors)).toEqual(['a', 'b']);
  });
});

describe('checkForm and fieldRuleError', () => {
  const schema = z.object({
    name: z.string().trim().min(1, { error: 'Name please' }),
    age: z.number({ error: 'A number' }).int({ error: 'A whole number' }),
  });

  it('answers the clean value or the messages per field', () => {
    expect(checkForm(schema, ['name', 'age'], { name: ' Ada ', age: 36 })).toEqual({
      ok: true,
      value: { name: 'Ada', age: 36 },
    });
    expect(checkForm(schema, ['name', 'age'], { name: '', age: 1.5 })).toEqual({
      ok: false,
      fieldErrors: { name: 'Name please', age: 'A whole number' },
    });
  });

  it('checks one field by its own rule', () => {
    expect(fieldRuleError(schema, 'age', 3)).toBeNull();
    expect(fieldRuleError(schema, 'age', 'three')).toBe('A number');
  });
});

describe('formChecks', () => {
  const schema = lazySchema(() => z.object({ a: z.string({ error: 'A' }), b: z.number({ error: 'B' }) }));
  const checks = formChecks(schema, ['b', 'a']);

  it('checks the whole form in the given field order, and one property by its own rule', () => {
    expect(checks.parse({ a: 'x', b: 1 })).toEqual({ ok: true, value: { a: 'x', b: 1 } });
    const refused = checks.parse({});
    expect(refused.ok ? [] : Object.keys(refused.fieldErrors)).toEqual(['b', 'a']);
    expect(checks.fieldError('a', 7)).toBe('A');
    expect(checks.fieldError('b', 7)).toBeNull();
  });
});
