import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, type $ZodTypes, safeParse } from 'zod/v4/core';

/**
 * Zod types whose output is the same read forwards (parse) as backwards (encode) once their
 * children are: leaves, and containers of such types. Anything else (transforms, pipes and codecs,
 * defaults, catches, promises, types added later) is direction-sensitive or unknown here.
 */
const LEAVES = new Set<string>([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'symbol',
  'null',
  'undefined',
  'void',
  'never',
  'any',
  'unknown',
  'date',
  'nan',
  'literal',
  'enum',
  'template_literal',
  'file',
  'custom',
]);

/** Whether parsing `schema` gives exactly what encoding it gives, for every input. */
export function isDirectionFree(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = (schema as $ZodTypes)._zod.def;
  const free = (child: unknown) => child instanceof $ZodType && isDirectionFree(child, seen);
  switch (def.type) {
    case 'object':
      return Object.values(def.shape).every(free) && (def.catchall === undefined || free(def.catchall));
    case 'array':
      return free(def.element);
    case 'tuple':
      return def.items.every(free) && (def.rest === null || free(def.rest));
    case 'record':
    case 'map':
      return free(def.keyType) && free(def.valueType);
    case 'set':
      return free(def.valueType);
    case 'union':
      return def.options.every(free);
    case 'intersection':
      return free(def.left) && free(def.right);
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
      return free(def.innerType);
    case 'lazy':
      return free(def.getter());
    default:
      return LEAVES.has(def.type);
  }
}

const encodingSerializer = createSerializerCompiler({});

/**
 * The response serializer: every answer is still checked against its route's schema (an answer
 * that does not match is a 500, never a wrong body) and stripped to the documented fields.
 * fastify-type-provider-zod's own serializer checks with zod's `encode`, which walks every
 * schema with checks twice (a check-free pass, then the checks) and costs several times a
 * `parse`; for a schema with no transform, codec, pipe, default or catch the two give the same
 * result, so those schemas are checked with `parse`. The others keep `encode`.
 */
export const responseSerializerCompiler: typeof encodingSerializer = (routeSchema) => {
  const encoding = encodingSerializer(routeSchema);
  const given = routeSchema.schema;
  // As fastify-type-provider-zod reads it: the schema itself, or wrapped in `properties`.
  const schema = given instanceof $ZodType ? given : given.properties;
  if (!(schema instanceof $ZodType) || !isDirectionFree(schema)) return encoding;
  return (data: unknown) => {
    const result = safeParse(schema, data);
    // The encoding serializer raises the same ResponseSerializationError as before.
    return result.success ? JSON.stringify(result.data) : encoding(data);
  };
};
