import {
  CUSTOMER_FORM_MESSAGES as M,
  customerFieldError,
  customerFormMessage,
  MAX_CUSTOMER_NAME_LENGTH,
  parseCustomerForm,
} from './customer-form';

describe('parseCustomerForm', () => {
  it('accepts a name and an email, trimmed', () => {
    expect(parseCustomerForm({ name: ' Jane Doe ', email: ' jane@example.com ' })).toEqual({
      ok: true,
      value: { name: 'Jane Doe', email: 'jane@example.com' },
    });
  });

  it.each([
    [{ name: '', email: 'jane@example.com' }, { name: M.required }],
    [{ name: 'Jane', email: ' \t ' }, { email: M.required }],
    [
      { name: '   ', email: '' },
      { name: M.required, email: M.required },
    ],
    [{ email: 'jane@example.com' }, { name: M.required }],
    [{ name: 'Jane', email: 'not-an-email' }, { email: M.email }],
    [{ name: 'Jane', email: `${'a'.repeat(250)}@example.com` }, { email: M.email }],
    [{ name: 'x'.repeat(MAX_CUSTOMER_NAME_LENGTH + 1), email: 'jane@example.com' }, { name: M.nameLength }],
  ])('refuses %j with one message a field', (input, fieldErrors) => {
    expect(parseCustomerForm(input)).toEqual({ ok: false, fieldErrors });
  });

  it('answers data, not a notice: no title in what it returns', () => {
    expect(JSON.stringify(parseCustomerForm({ name: '', email: '' }))).not.toContain('title');
  });
});

describe('customerFieldError', () => {
  it('checks one field by the same rule', () => {
    expect(customerFieldError('email', 'jane@example.com')).toBeNull();
    expect(customerFieldError('email', 'jane@')).toBe(M.email);
    expect(customerFieldError('name', 42)).toBe(M.required);
  });
});

describe('customerFormMessage', () => {
  it('says a missing field first, in the spec order, then the bad email', () => {
    expect(customerFormMessage({ email: M.email })).toBe(M.email);
    expect(customerFormMessage({ name: M.required, email: M.email })).toBe(M.required);
    expect(customerFormMessage({ name: M.nameLength, email: M.required })).toBe(M.required);
    expect(customerFormMessage({})).toBeNull();
  });
});
