import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each(['/evaluation', '/admin/panel?trainingName=Parts%20Therapy%20Practitioner', '/'])(
    'keeps the site path %s',
    (path) => {
      expect(safeRedirectPath(path, '/admin/panel')).toBe(path);
    },
  );

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash host', '/\\evil.example'],
    ['another scheme', 'javascript:alert(1)'],
    ['a relative path', 'evaluation'],
    ['a path with a newline', '/x\n/y'],
    ['a tab smuggling a host', '/\t/evil.example'],
    ['a non-ASCII path (a Location header cannot carry it)', '/évaluation'],
    ['a line separator', '/admin/panel\u2028x'],
    ['a space', '/admin panel'],
    ['a backslash further on', '/admin\\panel'],
    ['nothing', null],
    ['an empty value', ''],
  ])('falls back for %s', (_label, value) => {
    expect(safeRedirectPath(value, '/admin/panel')).toBe('/admin/panel');
  });
});
