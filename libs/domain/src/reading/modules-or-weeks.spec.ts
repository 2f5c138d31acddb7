import { findModulesOrWeeks } from './modules-or-weeks';

describe('findModulesOrWeeks', () => {
  it.each([
    ['Week 1: Intro\nWeek 2: Stress\nWeek 10: Review', 10],
    ['Module 1 ... Module 8', 8],
    ['MODULE 3 and module 5', 5],
    ['A 12-week program', 12],
    ['Delivered in 8 modules', 8],
    ['Delivered over twelve weeks', 12],
    ['3 hours per week for 16 weeks', 16],
    ['Weeks 13-14: Final projects', 14],
    ['Unit 6: Ethics', 6],
    ['Week #4 assignment', 4],
  ])('%p gives %p', (text, count) => {
    expect(findModulesOrWeeks(text)).toBe(count);
  });

  it('finds nothing in unrelated text', () => {
    expect(findModulesOrWeeks('Meets weekly. Per week two readings.')).toBeNull();
    expect(findModulesOrWeeks('')).toBeNull();
  });

  it('ignores implausible numbers', () => {
    expect(findModulesOrWeeks('Week 999')).toBeNull();
  });
});
