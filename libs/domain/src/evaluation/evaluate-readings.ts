import type { CatalogCourse } from '../topic-overlap';
import { collectContacts, extractCertificate } from './certificate-and-contacts';
import {
  combineReadings,
  computeCourseOverlaps,
  computeCoveredTopics,
  computeTranscriptMatches,
} from './combined-analysis';
import type { DocumentReading, DocumentText } from './document-reading';
import { assessRigor, calculateCredits } from './rigor-assessment';

/** Phases 2 to 6 in one go, for a caller that needs no stored records (the accuracy script). */
export function evaluateReadings(
  catalog: readonly CatalogCourse[],
  documents: readonly DocumentText[],
  readings: readonly DocumentReading[],
) {
  const combined = combineReadings(
    readings,
    computeCourseOverlaps(catalog, documents, readings),
    computeCoveredTopics(catalog, documents),
    computeTranscriptMatches(catalog, documents, readings),
  );
  const certificate = extractCertificate(readings);
  const rigor = assessRigor(combined, certificate, readings);
  const credits = calculateCredits(combined, rigor);
  return { combined, rigor, credits, certificate, leads: collectContacts(readings) };
}
