import type { PaymentType } from '@app/contracts';

export function paymentTypeLabel(paymentType: PaymentType): string {
  switch (paymentType) {
    case 'full':
      return 'Pay in Full';
    case '3month':
      return '3 Month Plan';
    case '6month':
      return '6 Month Plan';
  }
}
