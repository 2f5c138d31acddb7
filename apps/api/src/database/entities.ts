import { AdminUser } from '../admin/admin-user.entity';
import { RevokedToken } from '../admin/revoked-token.entity';
import { AnalysisRecord } from '../analysis/analysis-record.entity';
import { Evaluation } from '../analysis/evaluation.entity';
import { CatalogCourseEntity } from '../catalog/catalog-course.entity';
import { Cohort } from '../cohorts/cohort.entity';
import { CredentialDocument } from '../credentials/credential-document.entity';
import { Credential } from '../credentials/credential.entity';
import { Enrollment } from '../enrollments/enrollment.entity';
import { EmailDraft } from '../gmail/email-draft.entity';
import { EmailTemplateEntity } from '../gmail/email-template.entity';
import { GmailAccount } from '../gmail/gmail-account.entity';
import { GmailOAuthState } from '../gmail/gmail-oauth-state.entity';
import { OutboxMail } from '../mail/outbox-mail.entity';
import { PaymentInstallment } from '../payments/payment-installment.entity';
import { Payment } from '../payments/payment.entity';
import { BundlePricing } from '../trainings/bundle-pricing.entity';
import { TrainingPricing } from '../trainings/training-pricing.entity';
import { IssuedUpload } from '../uploads/issued-upload.entity';

/** Every entity of the API. A new entity is added here. */
export const entities = [
  TrainingPricing,
  BundlePricing,
  Cohort,
  Enrollment,
  Credential,
  CredentialDocument,
  AnalysisRecord,
  Evaluation,
  AdminUser,
  RevokedToken,
  Payment,
  PaymentInstallment,
  CatalogCourseEntity,
  IssuedUpload,
  GmailAccount,
  GmailOAuthState,
  EmailTemplateEntity,
  EmailDraft,
  OutboxMail,
];
