import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BarChart, type BarDatum } from './bar-chart';

const render = (data: BarDatum[]) =>
  renderToStaticMarkup(createElement(BarChart, { title: 'Money by month', data, format: String }));

describe('BarChart', () => {
  it('draws a bar a figure', () => {
    const html = render([
      { label: '2026-10', value: 5 },
      { label: '2026-11', value: 8 },
    ]);
    expect(html).toContain('role="img"');
    expect(html.match(/<rect /g)).toHaveLength(2);
    expect(html).not.toContain('nothing to chart yet');
  });

  it.each([
    ['no figures (a new install)', []],
    ['only zeros', [{ label: '2026-11', value: 0, behind: 0 }]],
  ])('says there is nothing to chart for %s instead of drawing an empty frame', (_case, data: BarDatum[]) => {
    const html = render(data);
    expect(html).toContain('Money by month: nothing to chart yet');
    expect(html).not.toContain('role="img"');
  });

  it('draws a capacity with no seats taken yet (the bar behind counts)', () => {
    expect(render([{ label: 'Parts 27-03', value: 0, behind: 12 }])).toContain('role="img"');
  });
});
