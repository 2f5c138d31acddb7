import { Logger } from '@nestjs/common';
import type OpenAI from 'openai';
import type { DocumentAnalysis, DocumentAnalyzer, DocumentInput } from './document-analyzer';
import { LocalDocumentAnalyzer } from './local-document-analyzer';
import { groundModelSignals } from '@app/domain';
import { MODEL_SIGNALS_JSON_SCHEMA, parseModelSignals } from './model-signals';

/** Long documents are cut: the signals sit in the first pages of a syllabus, and tokens cost money. */
const MAX_DOCUMENT_CHARACTERS = 60_000;

const INSTRUCTIONS = [
  'You read one academic document (syllabus, transcript, certificate or course description) for a credit evaluator.',
  'Report only what the document states; use null or an empty list when it does not say.',
  'contactHours is the total instruction time in hours: as stated (for example 3 hours a week for 12 weeks is 36; "approximately 300 hours" is 300), else derived from a meeting pattern times the weeks of the term ("MW 11:00-12:20" over 16 weeks is 42.7) or from the number of dated class meetings times their length; null when the document gives neither the weeks nor the meetings. A number inside a date is never hours.',
  'modulesOrWeeks counts the weeks or modules of a schedule or outline (Week 0 to Week 15 is 16).',
  'certificate: the recipient is the person named after "This certifies that", "awarded to" or "presented to", or in a key/value header (null when that line is blank); the issuing organization issues the certificate (a sponsor or partner logo is not the issuer); the author is a signer whose printed name stands under a signature.',
  'contacts: the instructors first, then other staff, then a shared class or help address; never teaching assistants or graders.',
  'Dates are YYYY-MM-DD. Contacts are people named with an email address in the document.',
  'kind is what the document is from its content. For a transcript, list every course row with its term, code, title, credits and grade exactly as written in that row; transcript is null for other documents.',
].join(' ');

export interface OpenAiAnalyzerOptions {
  apiKey: string;
  model: string;
  baseUrl: string | null;
}

/**
 * Asks an OpenAI model for the signals with a strict JSON schema, checks the answer and grounds it in the
 * text; on any failure (network, refusal, invalid JSON) the document is read by the local analyzer instead.
 */
export class OpenAiDocumentAnalyzer implements DocumentAnalyzer {
  readonly name = 'openai' as const;
  private readonly logger = new Logger(OpenAiDocumentAnalyzer.name);
  private clientInstance: OpenAI | null = null;

  constructor(
    private readonly options: OpenAiAnalyzerOptions,
    private readonly local: LocalDocumentAnalyzer,
  ) {}

  /** The SDK is loaded at the first analysis, not at start: it costs the idle API about 30 MB (issue 18). */
  private get client(): OpenAI {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { OpenAI: Client } = require('openai') as typeof import('openai');
    this.clientInstance ??= new Client({
      apiKey: this.options.apiKey,
      baseURL: this.options.baseUrl ?? undefined,
      // The queue retries whole jobs; here one quick retry is enough before falling back.
      maxRetries: 1,
      timeout: 60_000,
    });
    return this.clientInstance;
  }

  async analyze(input: DocumentInput): Promise<DocumentAnalysis> {
    const local = this.local.read(input);
    try {
      const completion = await this.client.chat.completions.create({
        model: this.options.model,
        temperature: 0,
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          {
            role: 'user',
            content: `File: ${input.fileName} (uploaded as ${input.documentType})\n\n${input.text.slice(0, MAX_DOCUMENT_CHARACTERS)}`,
          },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'document_signals', strict: true, schema: MODEL_SIGNALS_JSON_SCHEMA },
        },
      });
      const message = completion.choices[0]?.message;
      if (!message?.content)
        throw new Error(message?.refusal ? `the model refused: ${message.refusal}` : 'the model sent no answer');
      const model = parseModelSignals(JSON.parse(message.content) as unknown);
      return { signals: groundModelSignals(model, local, input.text, input.fileName, input.lines), analyzer: 'openai' };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // The file name can name the applicant, and the reason can quote the document: the log keeps the error's kind.
      this.logger.warn(
        `OpenAI analysis of a document failed (${error instanceof Error ? error.name : 'error'}), using the local analyzer`,
      );
      return { signals: local, analyzer: 'local', fallbackReason: reason.slice(0, 300) };
    }
  }
}
