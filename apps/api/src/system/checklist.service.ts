import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ChecklistItems, ChecklistStatus } from '@app/contracts';
import { buildChecklistStatus, findContactHours, findEmails } from '@app/domain';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { EmailTemplatesService } from '../gmail/email-templates.service';
import { GmailConnectionService } from '../gmail/gmail-connection.service';
import { StorageService } from '../storage/storage.service';
import { ChecklistRepository } from './checklist.repository';
import { HealthService } from './health.service';
import { OpenAiKeyCheck } from './openai-key-check';
import { probeReaders } from './reader-probe';

const ANALYZER_SAMPLE =
  'Module 1 of 12. This course comprises 36 contact hours. Contact: Dr. Ada Lane, ada.lane@example.edu';

async function safely(check: () => Promise<boolean>): Promise<boolean> {
  try {
    return await check();
  } catch {
    return false;
  }
}

/** Probes the running system for every checklist item; the status words and numbers come from libs/domain. */
@Injectable()
export class ChecklistService {
  constructor(
    private readonly orm: MikroORM,
    private readonly facts: ChecklistRepository,
    private readonly health: HealthService,
    private readonly storage: StorageService,
    private readonly openai: OpenAiKeyCheck,
    private readonly gmail: GmailConnectionService,
    private readonly templates: EmailTemplatesService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  private cached: { status: ChecklistStatus; at: number } | null = null;
  private refreshing: Promise<ChecklistStatus> | null = null;

  /**
   * The checklist probes every service and reader, which is too slow for each page view: a result is reused for
   * CHECKLIST_CACHE_SECONDS (10 s by default); an older one is still answered at once while one background probe
   * replaces it, so a change shows within about that time. The first call (and every call with 0) waits for the probes.
   */
  async status(): Promise<ChecklistStatus> {
    const maxAgeMs = this.config.checklistCacheSeconds * 1000;
    if (maxAgeMs === 0) return buildChecklistStatus(await this.items());
    if (!this.cached) return this.refresh();
    if (Date.now() - this.cached.at >= maxAgeMs) void this.refresh().catch(() => undefined);
    return this.cached.status;
  }

  private refresh(): Promise<ChecklistStatus> {
    this.refreshing ??= this.items()
      .then((items) => {
        const status = buildChecklistStatus(items);
        this.cached = { status, at: Date.now() };
        return status;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  async items(): Promise<ChecklistItems> {
    const [database, migrations, storage, queue, readers, openaiValid, evaluations, gmail, templates] =
      await Promise.all([
        this.health.isDatabaseUp(),
        safely(async () => (await this.orm.getMigrator().getPendingMigrations()).length === 0),
        this.storage.isReachable(),
        this.health.isQueueUp(),
        probeReaders(),
        safely(() => this.openai.isValid()),
        this.facts.evaluationFacts().catch(() => ({ completed: false, withContacts: false })),
        this.gmail.status().catch(() => ({ configured: false, hasCredentials: false })),
        this.templates.health().catch(() => ({ exists: false, renders: false })),
      ]);
    const google = Boolean(this.config.google.clientId && this.config.google.clientSecret);
    return {
      phase1_environment: {
        database_connected: database,
        migrations_current: database && migrations,
        storage_reachable: storage,
        queue_reachable: queue,
      },
      phase2_data_extraction: {
        pdf_reader: readers.pdf,
        docx_reader: readers.docx,
        doc_reader: readers.doc,
        ocr_reader: readers.ocr,
        ocr_language_data: readers.ocrLanguageData,
      },
      phase3_api_integration: {
        analyzer_available: this.localAnalyzerWorks(),
        openai_configured: this.openai.configured,
        openai_key_valid: openaiValid,
      },
      phase4_contact_processing: {
        evaluations_completed: evaluations.completed,
        contacts_extracted: evaluations.withContacts,
      },
      phase5_sheets_integration: {
        google_credentials: google,
        spreadsheet_configured: this.config.google.sheetsSpreadsheetId !== null,
      },
      phase6_email_templates: { template_exists: templates.exists, template_renders: templates.renders },
      phase7_email_management: { gmail_credentials: gmail.hasCredentials, gmail_connected: gmail.configured },
    };
  }

  /**
   * The local analyzer is always the fallback (OpenAI falls back to it), so an analyzer is available when its
   * rules still read a known sample correctly.
   */
  private localAnalyzerWorks(): boolean {
    try {
      return findContactHours(ANALYZER_SAMPLE) === 36 && findEmails(ANALYZER_SAMPLE).includes('ada.lane@example.edu');
    } catch {
      return false;
    }
  }
}
