import fastJson from 'fast-json-stringify';
import { z, type ZodType } from 'zod';

/**
 * Writes a route's answers with fast-json-stringify, compiled once from the JSON schema of each of its
 * zod response schemas, instead of parsing every answer with zod before JSON.stringify (the default for
 * every route). For the busiest reads, whose answers the server builds itself; the route keeps its zod
 * schemas, so its types and the OpenAPI document are unchanged. Only the schema's properties are
 * written, and a missing required one is an error, as with zod; formats and integers are not checked.
 */
export const fastSerializerCompiler = ({ schema }: { schema: unknown }): ((data: unknown) => string) =>
  fastJson(z.toJSONSchema(schema as ZodType, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as object);
