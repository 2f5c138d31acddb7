import { linesOfPage, linesOfText } from './positioned-lines';

describe('lines rebuilt from positioned text', () => {
  it('cuts a single text run at its columns made of spaces, each part where its characters sit', () => {
    const run = 'PSY 101    Ethics in Practice    3.0    A';
    const [line] = linesOfPage({ page: 1, items: [{ str: run, x: 50, y: 700, width: run.length * 5, height: 10 }] });
    expect(line!.cells.map((c) => c.text)).toEqual(['PSY 101', 'Ethics in Practice', '3.0', 'A']);
    expect(line!.cells[1]!.x).toBeCloseTo(50 + 11 * 5);
    expect(line!.text).toBe('PSY 101 Ethics in Practice 3.0 A');
  });

  it('starts a cell after a run of spaces drawn as an item of its own, however narrow the gap', () => {
    const items = [
      { str: 'Course', x: 50, y: 637, width: 32, height: 10 },
      { str: ' ', x: 82, y: 637, width: 17, height: 10 },
      { str: 'Title', x: 99, y: 637, width: 19, height: 10 },
      { str: ' ', x: 118, y: 637, width: 103, height: 10 },
      { str: 'Credits', x: 221, y: 637, width: 32, height: 10 },
      { str: ' ', x: 253, y: 637, width: 8, height: 10 },
      { str: 'Grade', x: 261, y: 637, width: 28, height: 10 },
    ];
    const [line] = linesOfPage({ page: 1, items });
    expect(line!.cells.map((c) => c.text)).toEqual(['Course', 'Title', 'Credits', 'Grade']);
  });

  it('keeps words one space apart in one cell', () => {
    const items = [
      { str: 'College', x: 50, y: 600, width: 35, height: 10 },
      { str: ' ', x: 85, y: 600, width: 2.8, height: 10 },
      { str: 'Writing', x: 87.8, y: 600, width: 34, height: 10 },
    ];
    expect(linesOfPage({ page: 1, items })[0]!.cells.map((c) => c.text)).toEqual(['College Writing']);
  });

  it('places tab-separated cells by their index, keeping the place of an empty cell', () => {
    const [heading, row] = linesOfText('Course\tTitle\tCredits\tGrade\nPSY 101\tA long title indeed\t3\t\n');
    expect(heading!.cells.map((c) => c.x)).toEqual([0, 1000, 2000, 3000]);
    expect(row!.cells.map((c) => [c.text, c.x])).toEqual([
      ['PSY 101', 0],
      ['A long title indeed', 1000],
      ['3', 2000],
    ]);
  });
});
