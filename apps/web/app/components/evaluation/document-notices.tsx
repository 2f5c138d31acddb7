import type { DocumentNotice } from '@app/contracts';
import { documentNoticesHeading, documentNoticesSummary } from '@app/domain';
import { useId } from 'react';

/**
 * The documents an evaluation left out (they could not be read) or read only in part, each with its reason, above the
 * figures they bear on: the applicant's results and the staff review show the same list. Nothing without notices.
 * A region a screen reader can jump to; its heading names the credential to screen readers (the card around it shows
 * it), so that a page with one per credential has no two regions of the same name.
 */
export function DocumentNotices({
  notices,
  documentCount,
  credentialName,
  headingLevel = 'h4',
}: {
  notices: readonly DocumentNotice[];
  /** The credential's documents, for "1 of 2 documents". */
  documentCount: number;
  credentialName: string;
  headingLevel?: 'h3' | 'h4';
}) {
  const headingId = useId();
  const summary = documentNoticesSummary(notices, documentCount);
  const heading = documentNoticesHeading(notices);
  if (!summary || !heading) return null;
  const Heading = headingLevel;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="document-notices"
    >
      <Heading id={headingId} className="font-semibold">
        <span aria-hidden="true">⚠ </span>
        {heading}
        <span className="sr-only"> in {credentialName}</span>
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
