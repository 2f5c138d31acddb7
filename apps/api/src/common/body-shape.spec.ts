import { bodyShapeProblem, isStorableText, MAX_BODY_DEPTH } from './body-shape';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('bodyShapeProblem', () => {
  it('accepts ordinary bodies, including lists and numbers', () => {
    expect(bodyShapeProblem({ name: 'Ana', trainings: ['A', 'B'], amount: 12, nested: { ok: true } })).toBeNull();
    expect(bodyShapeProblem(nested(MAX_BODY_DEPTH))).toBeNull();
  });

  it('refuses nesting deeper than the limit without overflowing the stack', () => {
    expect(bodyShapeProblem(nested(MAX_BODY_DEPTH + 1))).toMatch(/nested deeper/);
    expect(bodyShapeProblem(nested(100_000))).toMatch(/nested deeper/);
  });

  it('refuses NUL and unpaired surrogates in values and keys, anywhere', () => {
    expect(bodyShapeProblem({ name: 'a\u0000b' })).toMatch(/NUL/);
    expect(bodyShapeProblem({ list: [{ x: '\ud800' }] })).toMatch(/surrogate/);
    expect(bodyShapeProblem({ ['k\udc00']: 1 })).toMatch(/Field names/);
    expect(bodyShapeProblem({ emoji: '😀' })).toBeNull();
  });

  it('refuses prototype keys as JSON.parse creates them', () => {
    expect(bodyShapeProblem(JSON.parse('{"__proto__": {"admin": true}}'))).toMatch(/__proto__/);
    expect(bodyShapeProblem({ a: [{ constructor: { prototype: 1 } }] })).toMatch(/constructor/);
  });

  it('isStorableText', () => {
    expect(isStorableText('plain')).toBe(true);
    expect(isStorableText('\ud83d\ude00')).toBe(true);
    expect(isStorableText('\ude00\ud83d')).toBe(false);
  });
});
