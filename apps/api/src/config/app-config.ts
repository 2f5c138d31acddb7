import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { DEFAULT_READER_LIMITS, type ReaderLimits } from '../analysis/extraction/reader-limits';

/** The one typed view of the environment. Nothing else in the API reads process.env. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  apiPort: number;
  webUrl: string;
  dataDir: string;
  database: { url: string | null; embeddedPort: number };
  redisUrl: string | null;
  /** How long the system checklist's probes are reused before a background refresh (0: probe on every call). */
  checklistCacheSeconds: number;
  /**
   * Whether each API instance keeps the public cohort list (with seats) in memory while it LISTENs for changes
   * (COHORT_CACHE, on by default; the shared test apps turn it off, as their files change cohorts by SQL and read at
   * once).
   */
  cohortCache: boolean;
  storage: {
    bucket: string | null;
    endpoint: string | null;
    region: string;
    accessKeyId: string | null;
    secretAccessKey: string | null;
    forcePathStyle: boolean;
    embeddedPort: number;
    uploadUrlTtlSeconds: number;
  };
  stripe: {
    secretKey: string | null;
    publishableKey: string | null;
    webhookSecret: string | null;
    /** Only for pointing the SDK at another host (tests); unset means api.stripe.com. */
    apiUrl: string | null;
  };
  openai: { apiKey: string | null; model: string; baseUrl: string | null };
  google: {
    clientId: string | null;
    clientSecret: string | null;
    redirectUrl: string;
    /** googleapis rootUrl override (tests point it at a local server). */
    rootUrl: string | null;
    /** OAuth consent page override (tests). */
    authUrl: string | null;
    tokenEncryptionKey: string | null;
    sheetsSpreadsheetId: string | null;
  };
  auth: {
    jwtSecret: string;
    jwtExpiresIn: string;
    adminUsername: string | null;
    adminPassword: string | null;
    loginAttemptsPerMinute: number;
    loginFailuresPerAccountPerMinute: number;
  };
  analysis: {
    timeoutMinutes: number;
    /** With Redis: whether this API process also runs the queue worker (false when `npm run worker` runs apart). */
    runWorker: boolean;
    /** BullMQ key prefix, so several deployments (or test runs) can share one Redis. */
    queuePrefix: string;
    /**
     * With Redis: how long a worker's lock on a running job lasts and how often workers look for stalled jobs.
     * A job whose worker died is retried by another worker after at most about twice this.
     */
    lockSeconds: number;
    /**
     * Without Redis: how often an API process refreshes the heartbeat of the analyses it runs and looks for analyses
     * whose process stopped; such an analysis is failed once its heartbeat is three times this old.
     */
    heartbeatSeconds: number;
  };
  records: {
    /**
     * Verifies the short-lived applicant tokens the web server sends (X-Applicant-Token); the web server signs them
     * with the same secret. Null in development when unset: applicant calls are then refused (401).
     */
    applicantTokenSecret: string | null;
    /** Unanalyzed credentials and anonymous applicants without records are erased after this many days. */
    retentionDays: number;
    /** How long a presigned document download URL works. */
    downloadUrlTtlSeconds: number;
    /** Sign-in mails one client may ask for in 15 minutes, whatever the addresses (SIGN_IN_LINKS_PER_CLIENT). */
    signInLinksPerClient: number;
    /** Sign-in mails one address may be sent in 15 minutes (SIGN_IN_LINKS_PER_ADDRESS). */
    signInLinksPerAddress: number;
  };
  mail: {
    /** SMTP server; in development the local mail catcher `npm start` runs (MailDev) when SMTP_URL is unset. */
    smtpUrl: string;
    from: string;
    /** Attempts before a mail is marked failed, and the first retry delay (doubled each attempt, capped at an hour). */
    maxAttempts: number;
    retrySeconds: number;
    /** Signs the update-card links of declined-installment mails. */
    linkSecret: string;
    /** How long an update-card link works. */
    updateCardLinkDays: number;
  };
  /** Limits of one document read (READER_* settings); see reader-limits.ts. */
  readers: ReaderLimits;
  /** Printed on receipts and credit notes (SELLER_NAME, SELLER_ADDRESS). */
  seller: { name: string; address: string };
  /** Where mails for the provider go (a trainee cancelled a plan): ADMIN_NOTIFY_EMAIL, else MAIL_FROM's address. */
  adminNotifyEmail: string;
  /** API keys and webhooks (issue 31). */
  integrations: {
    /** Requests one API key may make per minute, counted in PostgreSQL across API instances. */
    apiKeyRequestsPerMinute: number;
    /**
     * Development only: webhook URLs may be http and point at loopback (a receiver on this machine). Never in
     * production, where a URL must be https and resolve to a public address at each delivery.
     */
    webhookAllowLoopback: boolean;
    /** How long one delivery attempt may take (connect, send, answer). */
    webhookTimeoutSeconds: number;
    /** How often the webhook worker looks for due deliveries. */
    webhookPollMilliseconds: number;
    /** Where the admins are told that an endpoint was turned off (ADMIN_ALERT_EMAIL); unset: logged only. */
    alertEmail: string | null;
  };
  /** Signed certificates and evaluation reports (docs/decisions/011-verifiable-credentials.md). */
  issuing: {
    /** CREDENTIAL_SIGNING_KEY: a private Ed25519 JWK (JSON); required in production, else kept in DATA_DIR. */
    signingKey: string | null;
    /** CREDENTIAL_RETIRED_KEYS: a JSON array of older public JWKs, still published so what they signed verifies. */
    retiredKeys: string | null;
    providerName: string;
    signerName: string;
    signerTitle: string | null;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function text(env: Env, key: string): string | null {
  const value = env[key]?.trim();
  return value ? value : null;
}

function integer(env: Env, key: string, fallback: number, min = 1, max = 65535): number {
  const raw = text(env, key);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${key} must be a whole number between ${min} and ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function url(env: Env, key: string, protocols: string[]): string | null {
  const raw = text(env, key);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${key} is not a valid URL: "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${key} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${raw}"`);
  }
  return raw;
}

function bool(env: Env, key: string, fallback: boolean): boolean {
  const raw = text(env, key);
  if (raw === null) return fallback;
  if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${key} must be true or false, got "${raw}"`);
}

/** Reads and validates the environment; throws a ConfigError with one clear line on a bad value. */
export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnvRaw = text(env, 'NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnvRaw}"`);
  }
  const nodeEnv = nodeEnvRaw as AppConfig['nodeEnv'];
  const isProduction = nodeEnv === 'production';
  const host = text(env, 'HOST') ?? '127.0.0.1';

  const config: AppConfig = {
    nodeEnv,
    isProduction,
    host,
    apiPort: integer(env, 'API_PORT', 3333),
    webUrl: url(env, 'WEB_URL', ['http:', 'https:']) ?? `http://127.0.0.1:${integer(env, 'PORT', 3000)}`,
    dataDir: resolve(text(env, 'DATA_DIR') ?? '.data'),
    database: {
      url: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
      embeddedPort: integer(env, 'EMBEDDED_PG_PORT', 54329),
    },
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    checklistCacheSeconds: integer(env, 'CHECKLIST_CACHE_SECONDS', 10, 0, 3600),
    cohortCache: bool(env, 'COHORT_CACHE', true),
    storage: {
      bucket: text(env, 'S3_BUCKET'),
      endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
      region: text(env, 'S3_REGION') ?? 'us-east-1',
      accessKeyId: text(env, 'S3_ACCESS_KEY_ID'),
      secretAccessKey: text(env, 'S3_SECRET_ACCESS_KEY'),
      forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', true),
      embeddedPort: integer(env, 'EMBEDDED_S3_PORT', 4569),
      uploadUrlTtlSeconds: integer(env, 'UPLOAD_URL_TTL_SECONDS', 900, 60, 604800),
    },
    stripe: {
      secretKey: text(env, 'STRIPE_SECRET_KEY'),
      publishableKey: text(env, 'STRIPE_PUBLISHABLE_KEY'),
      webhookSecret: text(env, 'STRIPE_WEBHOOK_SECRET'),
      apiUrl: url(env, 'STRIPE_API_URL', ['http:', 'https:']),
    },
    openai: {
      apiKey: text(env, 'OPENAI_API_KEY'),
      model: text(env, 'OPENAI_MODEL') ?? 'gpt-4o-mini',
      baseUrl: url(env, 'OPENAI_BASE_URL', ['http:', 'https:']),
    },
    google: {
      clientId: text(env, 'GOOGLE_CLIENT_ID'),
      clientSecret: text(env, 'GOOGLE_CLIENT_SECRET'),
      redirectUrl:
        url(env, 'GOOGLE_REDIRECT_URL', ['http:', 'https:']) ??
        `http://127.0.0.1:${integer(env, 'API_PORT', 3333)}/api/gmail/callback`,
      rootUrl: url(env, 'GOOGLE_API_ROOT_URL', ['http:', 'https:']),
      authUrl: url(env, 'GOOGLE_OAUTH_AUTH_URL', ['http:', 'https:']),
      tokenEncryptionKey: text(env, 'GMAIL_TOKEN_ENCRYPTION_KEY'),
      sheetsSpreadsheetId: text(env, 'GOOGLE_SHEETS_SPREADSHEET_ID'),
    },
    auth: {
      jwtSecret: text(env, 'JWT_SECRET') ?? randomBytes(32).toString('hex'),
      jwtExpiresIn: text(env, 'JWT_EXPIRES_IN') ?? '2h',
      adminUsername: text(env, 'ADMIN_USERNAME'),
      adminPassword: text(env, 'ADMIN_PASSWORD'),
      loginAttemptsPerMinute: integer(env, 'ADMIN_LOGIN_ATTEMPTS_PER_MINUTE', 5, 1, 1000),
      loginFailuresPerAccountPerMinute: integer(env, 'ADMIN_LOGIN_FAILURES_PER_ACCOUNT_PER_MINUTE', 10, 1, 1000),
    },
    analysis: {
      timeoutMinutes: integer(env, 'ANALYSIS_TIMEOUT_MINUTES', 30, 1, 1440),
      runWorker: bool(env, 'ANALYSIS_RUN_WORKER', true),
      queuePrefix: text(env, 'ANALYSIS_QUEUE_PREFIX') ?? 'bull',
      lockSeconds: integer(env, 'ANALYSIS_LOCK_SECONDS', 30, 1, 3600),
      heartbeatSeconds: integer(env, 'ANALYSIS_HEARTBEAT_SECONDS', 10, 1, 600),
    },
    records: {
      applicantTokenSecret: text(env, 'APPLICANT_TOKEN_SECRET'),
      retentionDays: integer(env, 'CREDENTIAL_RETENTION_DAYS', 30, 1, 3650),
      downloadUrlTtlSeconds: integer(env, 'DOCUMENT_URL_TTL_SECONDS', 300, 10, 3600),
      signInLinksPerClient: integer(env, 'SIGN_IN_LINKS_PER_CLIENT', 10, 1, 10000),
      signInLinksPerAddress: integer(env, 'SIGN_IN_LINKS_PER_ADDRESS', 5, 1, 1000),
    },
    mail: {
      smtpUrl:
        url(env, 'SMTP_URL', ['smtp:', 'smtps:']) ?? `smtp://127.0.0.1:${integer(env, 'MAILDEV_SMTP_PORT', 1025)}`,
      from: text(env, 'MAIL_FROM') ?? 'Psychology Training Institute <no-reply@localhost>',
      maxAttempts: integer(env, 'MAIL_MAX_ATTEMPTS', 8, 1, 50),
      retrySeconds: integer(env, 'MAIL_RETRY_SECONDS', 30, 1, 3600),
      linkSecret: text(env, 'MAIL_LINK_SECRET') ?? text(env, 'JWT_SECRET') ?? randomBytes(32).toString('hex'),
      updateCardLinkDays: integer(env, 'UPDATE_CARD_LINK_DAYS', 14, 1, 90),
    },
    readers: {
      ...DEFAULT_READER_LIMITS,
      timeoutMs: integer(env, 'READER_TIMEOUT_SECONDS', DEFAULT_READER_LIMITS.timeoutMs / 1000, 1, 3600) * 1000,
      memoryMb: integer(env, 'READER_MEMORY_MB', DEFAULT_READER_LIMITS.memoryMb, 64, 16384),
      pdfMaxPages: integer(env, 'READER_PDF_MAX_PAGES', DEFAULT_READER_LIMITS.pdfMaxPages, 1, 100000),
      docxMaxUncompressedBytes:
        integer(
          env,
          'READER_DOCX_MAX_UNPACKED_MB',
          DEFAULT_READER_LIMITS.docxMaxUncompressedBytes / 1024 / 1024,
          1,
          4096,
        ) *
        1024 *
        1024,
      imageMaxPixels:
        integer(env, 'READER_IMAGE_MAX_MEGAPIXELS', DEFAULT_READER_LIMITS.imageMaxPixels / 1e6, 1, 1000) * 1e6,
      processes: integer(env, 'READER_PROCESSES', DEFAULT_READER_LIMITS.processes, 1, 64),
    },
    seller: {
      name: text(env, 'SELLER_NAME') ?? 'Psychology Training Institute',
      address: text(env, 'SELLER_ADDRESS') ?? '',
    },
    adminNotifyEmail:
      text(env, 'ADMIN_NOTIFY_EMAIL') ??
      /<([^>]+)>/.exec(text(env, 'MAIL_FROM') ?? '')?.[1] ??
      text(env, 'MAIL_FROM') ??
      'no-reply@localhost',
    integrations: {
      apiKeyRequestsPerMinute: integer(env, 'API_KEY_REQUESTS_PER_MINUTE', 120, 1, 100000),
      webhookAllowLoopback: bool(env, 'WEBHOOK_ALLOW_LOOPBACK', false),
      webhookTimeoutSeconds: integer(env, 'WEBHOOK_TIMEOUT_SECONDS', 10, 1, 60),
      webhookPollMilliseconds: integer(env, 'WEBHOOK_POLL_MILLISECONDS', 1000, 50, 60000),
      alertEmail: text(env, 'ADMIN_ALERT_EMAIL'),
    },
    issuing: {
      signingKey: text(env, 'CREDENTIAL_SIGNING_KEY'),
      retiredKeys: text(env, 'CREDENTIAL_RETIRED_KEYS'),
      providerName: text(env, 'CERTIFICATE_PROVIDER_NAME') ?? 'Psychology Training Institute',
      signerName: text(env, 'CERTIFICATE_SIGNER_NAME') ?? 'Director of Training',
      signerTitle: text(env, 'CERTIFICATE_SIGNER_TITLE'),
    },
  };

  if ((config.stripe.secretKey === null) !== (config.stripe.publishableKey === null)) {
    throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together');
  }
  if (isProduction) {
    const missing = [
      !config.stripe.secretKey && 'STRIPE_SECRET_KEY',
      !config.stripe.publishableKey && 'STRIPE_PUBLISHABLE_KEY',
      !config.stripe.webhookSecret && 'STRIPE_WEBHOOK_SECRET',
      !config.storage.bucket && 'S3_BUCKET',
      !text(env, 'JWT_SECRET') && 'JWT_SECRET',
      !config.database.url && 'DATABASE_URL',
      !text(env, 'SMTP_URL') && 'SMTP_URL',
      !config.records.applicantTokenSecret && 'APPLICANT_TOKEN_SECRET',
      !config.issuing.signingKey && 'CREDENTIAL_SIGNING_KEY',
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(
        `NODE_ENV=production needs ${missing.join(', ')} (test-mode payments and embedded services are for development only)`,
      );
    }
  }
  if (isProduction && config.integrations.webhookAllowLoopback) {
    throw new ConfigError(
      'WEBHOOK_ALLOW_LOOPBACK is for development only; production webhooks go to public https URLs',
    );
  }
  if (config.storage.bucket && (!config.storage.accessKeyId || !config.storage.secretAccessKey)) {
    throw new ConfigError('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  if (config.records.applicantTokenSecret && config.records.applicantTokenSecret.length < 32) {
    throw new ConfigError('APPLICANT_TOKEN_SECRET must be at least 32 characters');
  }
  if (config.google.tokenEncryptionKey && !/^[0-9a-fA-F]{64}$/.test(config.google.tokenEncryptionKey)) {
    throw new ConfigError('GMAIL_TOKEN_ENCRYPTION_KEY must be 64 hex characters (32 bytes)');
  }
  return config;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
