import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123000000_initial } from './Migration20261123000000_initial';
import { Migration20261124080000_outreach } from './Migration20261124080000_outreach';
import { Migration20261123040000_admin } from './Migration20261123040000_admin';
import { Migration20261123010000_payments } from './Migration20261123010000_payments';
import { Migration20261124060000_analysis_catalog } from './Migration20261124060000_analysis_catalog';
import { Migration20261124050000_issued_uploads } from './Migration20261124050000_issued_uploads';
import { Migration20261125090000_installment_claims } from './Migration20261125090000_installment_claims';
import { Migration20261123195000_login_limit_counters } from './Migration20261123195000_login_limit_counters';
import { Migration20261123195100_test_mode_intents } from './Migration20261123195100_test_mode_intents';
import { Migration20261123194500_mail_outbox } from './Migration20261123194500_mail_outbox';
import { Migration20261123201500_installment_retries } from './Migration20261123201500_installment_retries';
import { Migration20261123201500_admin_business } from './Migration20261123201500_admin_business';
import { Migration20261123194500_applicant_records } from './Migration20261123194500_applicant_records';
import { Migration20261126090000_pricing_notify } from './Migration20261126090000_pricing_notify';
import { Migration20261126100000_issued_upload_owner } from './Migration20261126100000_issued_upload_owner';
import { Migration20261127090000_analysis_heartbeat } from './Migration20261127090000_analysis_heartbeat';
import { Migration20261128090000_cohorts_notify } from './Migration20261128090000_cohorts_notify';
import { Migration20261129090000_payment_capture_decision } from './Migration20261129090000_payment_capture_decision';
import { Migration20261201090000_promotion_codes } from './Migration20261201090000_promotion_codes';
import { Migration20261202100000_sign_in_binding_and_limits } from './Migration20261202100000_sign_in_binding_and_limits';
import { Migration20261202110000_admin_token_version } from './Migration20261202110000_admin_token_version';
import { Migration20261202120000_credential_failure_kind } from './Migration20261202120000_credential_failure_kind';
import { Migration20261128100000_evaluation_document_notices } from './Migration20261128100000_evaluation_document_notices';
import { Migration20261204090000_money_integrity } from './Migration20261204090000_money_integrity';
import { Migration20261201090000_receipts } from './Migration20261201090000_receipts';
import { Migration20261201090000_api_keys } from './Migration20261201090000_api_keys';
import { Migration20261201100000_api_client_credentials } from './Migration20261201100000_api_client_credentials';
import { Migration20261201110000_webhooks } from './Migration20261201110000_webhooks';
import { Migration20261206093200_certificates } from './Migration20261206093200_certificates';
import { Migration20261207090000_applicant_sessions } from './Migration20261207090000_applicant_sessions';
import { Migration20261207091000_issued_credential_withdrawal } from './Migration20261207091000_issued_credential_withdrawal';
import { Migration20261208090000_free_checkout } from './Migration20261208090000_free_checkout';
import { Migration20261211090000_enrollment_seat_index } from './Migration20261211090000_enrollment_seat_index';
import { Migration20261212090000_enrollment_table_notify } from './Migration20261212090000_enrollment_table_notify';

/** Every migration, in order. A new migration is a new file added to the end of this list. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261123000000_initial', class: Migration20261123000000_initial },
  { name: 'Migration20261123040000_admin', class: Migration20261123040000_admin },
  { name: 'Migration20261123010000_payments', class: Migration20261123010000_payments },
  { name: 'Migration20261124060000_analysis_catalog', class: Migration20261124060000_analysis_catalog },
  { name: 'Migration20261124050000_issued_uploads', class: Migration20261124050000_issued_uploads },
  { name: 'Migration20261124080000_outreach', class: Migration20261124080000_outreach },
  { name: 'Migration20261125090000_installment_claims', class: Migration20261125090000_installment_claims },
  { name: 'Migration20261123195000_login_limit_counters', class: Migration20261123195000_login_limit_counters },
  { name: 'Migration20261123195100_test_mode_intents', class: Migration20261123195100_test_mode_intents },
  { name: 'Migration20261123194500_mail_outbox', class: Migration20261123194500_mail_outbox },
  { name: 'Migration20261123201500_installment_retries', class: Migration20261123201500_installment_retries },
  { name: 'Migration20261123201500_admin_business', class: Migration20261123201500_admin_business },
  { name: 'Migration20261123194500_applicant_records', class: Migration20261123194500_applicant_records },
  { name: 'Migration20261126090000_pricing_notify', class: Migration20261126090000_pricing_notify },
  { name: 'Migration20261126100000_issued_upload_owner', class: Migration20261126100000_issued_upload_owner },
  { name: 'Migration20261127090000_analysis_heartbeat', class: Migration20261127090000_analysis_heartbeat },
  { name: 'Migration20261128090000_cohorts_notify', class: Migration20261128090000_cohorts_notify },
  {
    name: 'Migration20261128100000_evaluation_document_notices',
    class: Migration20261128100000_evaluation_document_notices,
  },
  { name: 'Migration20261129090000_payment_capture_decision', class: Migration20261129090000_payment_capture_decision },
  { name: 'Migration20261204090000_money_integrity', class: Migration20261204090000_money_integrity },
  { name: 'Migration20261201090000_promotion_codes', class: Migration20261201090000_promotion_codes },
  {
    name: 'Migration20261202100000_sign_in_binding_and_limits',
    class: Migration20261202100000_sign_in_binding_and_limits,
  },
  { name: 'Migration20261202110000_admin_token_version', class: Migration20261202110000_admin_token_version },
  { name: 'Migration20261202120000_credential_failure_kind', class: Migration20261202120000_credential_failure_kind },
  { name: 'Migration20261201090000_receipts', class: Migration20261201090000_receipts },
  { name: 'Migration20261201090000_api_keys', class: Migration20261201090000_api_keys },
  { name: 'Migration20261201100000_api_client_credentials', class: Migration20261201100000_api_client_credentials },
  { name: 'Migration20261201110000_webhooks', class: Migration20261201110000_webhooks },
  { name: 'Migration20261206093200_certificates', class: Migration20261206093200_certificates },
  { name: 'Migration20261207090000_applicant_sessions', class: Migration20261207090000_applicant_sessions },
  {
    name: 'Migration20261207091000_issued_credential_withdrawal',
    class: Migration20261207091000_issued_credential_withdrawal,
  },
  { name: 'Migration20261208090000_free_checkout', class: Migration20261208090000_free_checkout },
  { name: 'Migration20261211090000_enrollment_seat_index', class: Migration20261211090000_enrollment_seat_index },
  { name: 'Migration20261212090000_enrollment_table_notify', class: Migration20261212090000_enrollment_table_notify },
];
