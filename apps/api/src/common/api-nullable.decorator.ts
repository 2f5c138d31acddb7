import { applyDecorators, type Type } from '@nestjs/common';
import { ApiProperty, getSchemaPath, type ApiPropertyOptions } from '@nestjs/swagger';

/**
 * An object of `type` or null, written so that OpenAPI 3.0 validators accept the null: `nullable` beside `allOf: [$ref]`
 * (what `@ApiProperty({ type, nullable: true })` writes) still requires the referenced object, so a null answer broke
 * the published contract.
 */
export function nullableRef(type: Type) {
  return { oneOf: [{ $ref: getSchemaPath(type) }, { type: 'object' as const, nullable: true, enum: [null] }] };
}

const models = new Set<Type>();

/** A response property holding an object of `type` or null (see `nullableRef`). */
export function ApiNullableProperty(type: Type, options: Pick<ApiPropertyOptions, 'description'> = {}) {
  models.add(type);
  return applyDecorators(ApiProperty({ ...options, ...nullableRef(type) } as ApiPropertyOptions));
}

/** The models named only by nullable properties, for the document's `extraModels` (the explorer misses them). */
export function nullableModels(): Type[] {
  return [...models];
}
