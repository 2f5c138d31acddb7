/** How deep a JSON body may nest; the deepest DTO is 3 levels, so 32 leaves room and stops recursion bombs. */
export const MAX_BODY_DEPTH = 32;

/** Keys that reach an object's prototype when code copies a body with plain assignment. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string PostgreSQL can store as text and every client can encode: no NUL, no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}

/**
 * Why a parsed body (or query) must be refused, or null when it is fine. Walks with an explicit stack, so a body
 * nested thousands of levels deep is measured without recursion and refused before any validator recurses into it.
 */
export function bodyShapeProblem(value: unknown, maxDepth = MAX_BODY_DEPTH): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof current === 'string') {
      if (!isStorableText(current)) return 'Text must not contain NUL characters or unpaired surrogates';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= maxDepth) return `The body is nested deeper than ${maxDepth} levels`;
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(current)) {
      if (PROTOTYPE_KEYS.has(key)) return `The field name "${key}" is not allowed`;
      if (!isStorableText(key)) return 'Field names must not contain NUL characters or unpaired surrogates';
      stack.push({ value: (current as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return null;
}
