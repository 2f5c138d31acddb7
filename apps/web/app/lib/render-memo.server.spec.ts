import { createRenderMemo, noncedPage, renderMemoKey, withNonce } from './render-memo.server';

describe('renderMemoKey', () => {
  it('is the same for the same URL and equal data, and differs for any other URL or data', () => {
    const make = () => ({ root: { accountSignedIn: true }, page: { rows: [{ id: 1, at: new Date(0) }] } });
    const data = make();
    const key = renderMemoKey('http://x/evaluation', data);
    expect(key).not.toBeNull();
    // Loaders build their data afresh on every view (from the API's JSON).
    expect(renderMemoKey('http://x/evaluation', make())).toBe(key);
    expect(renderMemoKey('http://x/evaluation?a=1', data)).not.toBe(key);
    expect(renderMemoKey('http://x/evaluation', { ...data, page: { rows: [{ id: 2, at: new Date(0) }] } })).not.toBe(
      key,
    );
    expect(renderMemoKey('http://x/evaluation', { ...data, page: { rows: [{ id: 1, at: new Date(1) }] } })).not.toBe(
      key,
    );
  });

  it('tells apart what JSON would not: Maps, Sets, BigInts, undefined and dates from their strings', () => {
    const keys = [
      { value: new Map([['a', 1]]) },
      { value: new Map([['a', 2]]) },
      { value: new Set([1]) },
      { value: new Set([2]) },
      { value: 1n },
      { value: 2n },
      { value: undefined },
      {},
      { value: new Date(0) },
      { value: new Date(0).toISOString() },
    ].map((data) => renderMemoKey('http://x/', data));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is null for data it cannot serialize, such as a promise of deferred data or a function', () => {
    expect(renderMemoKey('http://x/', { later: Promise.resolve(1) })).toBeNull();
    expect(renderMemoKey('http://x/', { call: () => 1 })).toBeNull();
  });
});

describe('createRenderMemo', () => {
  const page = (nonce: string) => Buffer.from(`<script nonce="${nonce}">1</script><script nonce="${nonce}">2</script>`);

  it("gives a kept page back with the view's own nonce in place of the first one's", () => {
    const memo = createRenderMemo(1000, 10, () => 0);
    memo.keep('k', 'first-nonce', page('first-nonce'));
    expect(memo.take('k', 'second-nonce')?.toString()).toBe(page('second-nonce').toString());
    expect(memo.take('other', 'second-nonce')).toBeNull();
  });

  it('keeps a page for its lifetime only, nothing with a lifetime of 0, and at most maxEntries pages', () => {
    let now = 0;
    const memo = createRenderMemo(1000, 2, () => now);
    memo.keep('a', 'n', page('n'));
    now = 999;
    expect(memo.take('a', 'm')).not.toBeNull();
    now = 1000;
    expect(memo.take('a', 'm')).toBeNull();
    for (const key of ['a', 'b', 'c']) memo.keep(key, 'n', page('n'));
    // The oldest went when the third came.
    expect([memo.take('a', 'm'), memo.take('b', 'm'), memo.take('c', 'm')].map((kept) => kept !== null)).toEqual([
      false,
      true,
      true,
    ]);
    const off = createRenderMemo(0, 10, () => 0);
    off.keep('a', 'n', page('n'));
    expect(off.take('a', 'm')).toBeNull();
  });
});

describe('noncedPage and withNonce', () => {
  it('writes another nonce over every place of the first, and replaces one of another length by search', () => {
    const html = (nonce: string) => `<p>é</p><script nonce="${nonce}"></script><style nonce="${nonce}"></style>`;
    const kept = noncedPage(Buffer.from(html('AAAAAAAAAAAAAAAAAAAAAA==')), 'AAAAAAAAAAAAAAAAAAAAAA==');
    expect(kept.places).toHaveLength(2);
    expect(withNonce(kept, 'BBBBBBBBBBBBBBBBBBBBBB==').toString()).toBe(html('BBBBBBBBBBBBBBBBBBBBBB=='));
    expect(withNonce(kept, 'short').toString()).toBe(html('short'));
    // The kept page is untouched.
    expect(kept.page.toString()).toBe(html('AAAAAAAAAAAAAAAAAAAAAA=='));
  });
});
