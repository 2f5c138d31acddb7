import { filterHref, panelHref, panelHrefPerId, readFilters } from './panel-url';

describe('panel URL', () => {
  it('reads search, sort, direction and page next to the spec filters, ignoring what is not allowed', () => {
    const filters = readFilters(
      new URLSearchParams('trainingName=Resilient+Child+Training&q=ada%40&sort=studentEmail&direction=asc&page=3'),
    );
    expect(filters).toEqual({
      trainingName: 'Resilient Child Training',
      cohortId: '',
      startDate: '',
      endDate: '',
      q: 'ada@',
      sort: 'studentEmail',
      direction: 'asc',
      page: 3,
    });
    expect(readFilters(new URLSearchParams('sort=password&direction=sideways&page=-4'))).toMatchObject({
      sort: '',
      direction: '',
      page: 1,
    });
    expect(readFilters(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('keeps every filter when changing the page or sort, and drops emptied ones', () => {
    expect(filterHref('?q=ada&sort=studentName&page=2&dialog=add-client', { page: '3' })).toBe(
      '/admin/panel?q=ada&sort=studentName&page=3',
    );
    expect(filterHref('?q=ada&page=2', { sort: 'studentEmail', direction: 'asc', page: '' })).toBe(
      '/admin/panel?q=ada&sort=studentEmail&direction=asc',
    );
    expect(panelHref('?q=ada&page=2', { dialog: 'add-client' })).toBe('/admin/panel?q=ada&page=2&dialog=add-client');
  });

  it('makes the same link per id as panelHref does', () => {
    for (const search of [
      '',
      '?q=ada&page=2&dialog=add-client',
      '?trainingName=Resilient+Child+Training&sort=studentName',
    ]) {
      const perId = panelHrefPerId(search, { confirm: 'delete-enrollment' });
      for (const id of ['3f0c2d9e-8a41-4b7e-9f51-0c6d2a7b8e13', 'a b&c']) {
        expect(perId(id)).toBe(panelHref(search, { confirm: 'delete-enrollment', id }));
      }
    }
    expect(panelHrefPerId('?q=ada', {})('x')).toBe(panelHref('?q=ada', { id: 'x' }));
    expect(panelHrefPerId('', {})('x')).toBe(panelHref('', { id: 'x' }));
  });
});
