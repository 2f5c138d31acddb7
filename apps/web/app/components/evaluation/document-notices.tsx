import type { DocumentNotice } from '@app/contracts';
import { documentNoticesSummary } from '@app/domain';

/**
 * The documents an evaluation left out (they could not be read) or read only in part, each with its reason, above the
 * figures they bear on: the applicant's results and the staff review show the same list. Nothing without notices.
 */
export function DocumentNotices({
  notices,
  documentCount,
  headingLevel = 'h4',
}: {
  notices: readonly DocumentNotice[];
  /** The credential's documents, for "1 of 2 documents". */
  documentCount: number;
  headingLevel?: 'h3' | 'h4';
}) {
  const summary = documentNoticesSummary(notices, documentCount);
  if (!summary) return null;
  const Heading = headingLevel;
  const headingId = `document-notices-${notices[0].documentId}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="document-notices"
    >
      <Heading id={headingId} className="font-semibold">
        <span aria-hidden="true">⚠ </span>
        {notices.some((n) => n.kind === 'unreadable')
          ? 'Some documents could not be read'
          : 'A document was read in part'}
      </Heading>
      <p className="mt-1">{summary}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {notices.map((notice) => (
          <li key={`${notice.documentId}-${notice.kind}`} data-testid="document-notice" data-kind={notice.kind}>
            {notice.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
