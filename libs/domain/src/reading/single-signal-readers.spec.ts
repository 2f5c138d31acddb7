import { findContactHours } from './contact-hours';
import { findLearningObjectives } from './learning-objectives';
import { findModulesOrWeeks } from './modules-or-weeks';
import { findAssessmentMethods } from './assessment-methods';
import { findDates } from './dates';
import { findCertificateDetails } from './certificate-details';
import { findContacts } from './contacts';

describe('large input', () => {
  // A hang guard, not a timing: catastrophic backtracking in any reader would run into the test's timeout.
  it('reads a long noisy document to the end', () => {
    const words = [
      'The',
      'Institute',
      'of',
      'Somatic',
      'Studies',
      'week',
      '12',
      'hours',
      'Jane',
      'Smith,',
      'jane@x.org',
      '-',
      '•',
      'Objectives\n',
      'on',
      'June',
      '5,',
      '2026',
    ];
    const text = Array.from({ length: 40000 }, (_, i) => words[(i * 7 + (i % 5)) % words.length]).join(' ');
    findContactHours(text);
    findLearningObjectives(text);
    findModulesOrWeeks(text);
    findAssessmentMethods(text);
    findDates(text);
    findCertificateDetails(text);
    expect(findContacts(text).length).toBeGreaterThan(0);
  }, 20_000);
});
