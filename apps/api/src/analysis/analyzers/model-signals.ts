import { MODEL_SIGNALS_SCHEMA, readModelSignals, type ModelSignals } from '@app/domain';
import { z } from 'zod';

export type { ModelSignals };

/** Keywords a strict schema may carry that say nothing the answer's check does not say again. */
const CONSTRAINTS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'pattern'];

/**
 * The JSON schema sent to the model (OpenAI structured outputs, strict mode), derived from the one Zod schema of the
 * answer: what the model is asked for is the answer's input side (texts before trimming). Strict mode wants every
 * property required and `additionalProperties: false` on every object; nullable values are `anyOf` with null. The
 * ranges and list lengths stay in the check of the answer (`readModelSignals`), as they always were, so the schema
 * keeps to the subset every strict-mode model accepts.
 */
export const MODEL_SIGNALS_JSON_SCHEMA: Record<string, unknown> = (() => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(MODEL_SIGNALS_SCHEMA, {
    io: 'input',
    override: ({ jsonSchema }) => {
      const node = jsonSchema as Record<string, unknown>;
      for (const keyword of CONSTRAINTS) delete node[keyword];
      if (node.type === 'object') node.additionalProperties = false;
    },
  });
  return schema;
})();

export class InvalidModelAnswerError extends Error {
  override name = 'InvalidModelAnswerError';
}

/** The checked answer; an answer off the schema throws, with the first problem ('model answer: kind must be …'). */
export function parseModelSignals(value: unknown): ModelSignals {
  const read = readModelSignals(value);
  if (!read.ok) throw new InvalidModelAnswerError(`model answer: ${read.error}`);
  return read.value;
}
