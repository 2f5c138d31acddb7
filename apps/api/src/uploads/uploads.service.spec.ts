import { isIssuedKeyFormat } from './uploads.service';

describe('isIssuedKeyFormat', () => {
  it('accepts the keys the server issues', () => {
    expect(isIssuedKeyFormat('uploads/3f1c2a9e-1b2c-4d3e-8f40-0123456789ab')).toBe(true);
  });

  it.each([
    'uploads/3F1C2A9E-1B2C-4D3E-8F40-0123456789AB',
    'uploads/../secrets/3f1c2a9e-1b2c-4d3e-8f40-0123456789ab',
    'other/3f1c2a9e-1b2c-4d3e-8f40-0123456789ab',
    'uploads/3f1c2a9e-1b2c-4d3e-8f40-0123456789ab.pdf',
    'uploads/',
    '',
  ])('refuses %p', (key) => {
    expect(isIssuedKeyFormat(key)).toBe(false);
  });
});
