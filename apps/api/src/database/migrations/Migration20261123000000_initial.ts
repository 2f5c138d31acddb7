import { Migration } from '@mikro-orm/migrations';

export class Migration20261123000000_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table training_pricing (
        id uuid primary key,
        training_name varchar(100) not null unique,
        full_payment_price integer not null check (full_payment_price >= 0),
        full_payment_discount integer not null check (full_payment_discount >= 0),
        three_month_price integer not null check (three_month_price >= 0),
        six_month_price integer not null check (six_month_price >= 0)
      );`);
    this.addSql(`
      create table bundle_pricing (
        id uuid primary key,
        bundle_type varchar(20) not null check (bundle_type in ('2-training', '3-training')),
        requires_psychosomatic boolean not null,
        bundle_price integer not null check (bundle_price >= 0),
        constraint bundle_pricing_type_psychosomatic_unique unique (bundle_type, requires_psychosomatic)
      );`);
    this.addSql(`
      create table cohorts (
        id uuid primary key,
        training_name varchar(100) not null,
        cohort_month varchar(7) not null check (cohort_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        created_at timestamptz not null,
        constraint cohorts_training_name_cohort_month_unique unique (training_name, cohort_month)
      );`);
    this.addSql(`
      create table enrollments (
        id uuid primary key,
        student_name varchar(200) not null,
        student_email varchar(254) not null,
        training_name varchar(100) not null,
        cohort_id uuid null references cohorts (id) on update cascade on delete restrict,
        payment_type varchar(10) not null check (payment_type in ('full', '3month', '6month')),
        payment_amount integer not null check (payment_amount >= 0),
        enrollment_status varchar(20) not null check (enrollment_status in ('active', 'completed', 'cancelled')),
        notes text null,
        is_manual_entry boolean not null,
        payment_intent_id varchar(255) null,
        created_at timestamptz not null,
        constraint enrollments_payment_training_unique unique (payment_intent_id, training_name)
      );`);
    this.addSql(`create index enrollments_created_at_index on enrollments (created_at);`);
    this.addSql(`create index enrollments_cohort_id_index on enrollments (cohort_id);`);
    this.addSql(`
      create table credentials (
        id uuid primary key,
        name varchar(200) not null,
        user_id varchar(100) not null,
        status varchar(20) not null check (status in ('pending', 'analyzing', 'completed', 'failed')),
        failure_reason text null,
        analysis_started_at timestamptz null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );`);
    this.addSql(`create index credentials_user_id_index on credentials (user_id);`);
    this.addSql(`create index credentials_created_at_index on credentials (created_at);`);
    this.addSql(`
      create table credential_documents (
        id uuid primary key,
        credential_id uuid not null references credentials (id) on update cascade on delete cascade,
        file_name varchar(255) not null,
        document_type varchar(30) not null
          check (document_type in ('transcript', 'syllabus', 'certificate', 'course_description', 'other')),
        file_size integer not null check (file_size >= 0),
        file_type varchar(100) not null,
        object_key varchar(300) not null unique,
        created_at timestamptz not null
      );`);
    this.addSql(`create index credential_documents_credential_id_index on credential_documents (credential_id);`);
    this.addSql(`
      create table analysis_records (
        id uuid primary key,
        credential_id uuid not null references credentials (id) on update cascade on delete cascade,
        phase integer not null check (phase between 1 and 6),
        results jsonb not null,
        created_at timestamptz not null,
        constraint analysis_records_credential_phase_unique unique (credential_id, phase)
      );`);
    this.addSql(`
      create table evaluations (
        id uuid primary key,
        credential_id uuid not null unique references credentials (id) on update cascade on delete cascade,
        total_credits double precision not null,
        contact_hours double precision not null,
        matched_courses jsonb not null,
        rigor_score double precision not null,
        rigor_explanation jsonb not null,
        topic_relevance boolean not null,
        learning_objectives boolean not null,
        assessment_methods boolean not null,
        instruction_hours boolean not null,
        curriculum_structure boolean not null,
        credential_source_clarity boolean not null,
        completion_evidence boolean not null,
        minimum_requirements_met boolean not null,
        certificate_details jsonb not null,
        lead_contacts jsonb not null,
        course_equivalencies jsonb not null,
        created_at timestamptz not null
      );`);
  }

  override async down(): Promise<void> {
    for (const table of [
      'evaluations',
      'analysis_records',
      'credential_documents',
      'credentials',
      'enrollments',
      'cohorts',
      'bundle_pricing',
      'training_pricing',
    ]) {
      this.addSql(`drop table if exists ${table};`);
    }
  }
}
