import { Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';

// A key rarely changes state; checking it on every page load would spend requests and slow the panel.
const CACHE_MS = 5 * 60 * 1000;

/** Whether OpenAI accepts OPENAI_API_KEY (at OPENAI_BASE_URL when set), by listing models. Never called without a key. */
@Injectable()
export class OpenAiKeyCheck {
  private readonly logger = new Logger(OpenAiKeyCheck.name);
  private cached: { valid: boolean; expiresAt: number } | null = null;

  constructor(@InjectConfig() private readonly config: AppConfig) {}

  get configured(): boolean {
    return this.config.openai.apiKey !== null;
  }

  async isValid(): Promise<boolean> {
    const apiKey = this.config.openai.apiKey;
    if (!apiKey) return false;
    if (this.cached && this.cached.expiresAt > Date.now()) return this.cached.valid;
    let valid = false;
    try {
      // Loaded here, not at start: most installs have no key, and the SDK costs the idle API about 30 MB.
      const { default: OpenAI } = await import('openai');
      const client = new OpenAI({
        apiKey,
        baseURL: this.config.openai.baseUrl ?? undefined,
        timeout: 10_000,
        maxRetries: 0,
      });
      await client.models.list();
      valid = true;
    } catch (error) {
      this.logger.warn(
        `OpenAI refused the key or could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    this.cached = { valid, expiresAt: Date.now() + CACHE_MS };
    return valid;
  }
}
