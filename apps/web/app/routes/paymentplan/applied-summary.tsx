import type { PaymentIntentSummary } from '@app/contracts';
import { formatUsd } from '@app/domain';

/** The price once the buyer's details and promotion code are stored: the server's figures, never the browser's. */
export function AppliedSummary({ summary }: { summary: PaymentIntentSummary }) {
  const later = summary.laterInstallmentAmount;
  return (
    <div className="mt-2" role="status" data-testid="amount-due">
      {summary.promotion ? (
        <p data-testid="promotion-discount">
          Promotion code <strong>{summary.promotion.code}</strong>: −{formatUsd(summary.promotion.discountCents)} (total{' '}
          {formatUsd(summary.promotion.totalAfterCents)} instead of {formatUsd(summary.promotion.totalBeforeCents)})
        </p>
      ) : null}
      <p>
        {summary.installments > 1 ? 'Due today' : 'Total'}: <strong>{formatUsd(summary.amount)}</strong>
        {summary.installments > 1 && later !== null
          ? `, then ${summary.installments - 1} monthly payments of ${formatUsd(later)}`
          : null}
      </p>
    </div>
  );
}
