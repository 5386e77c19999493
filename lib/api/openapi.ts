// The OpenAPI 3.1 document, generated from the operations' zod schemas (zod's own JSON Schema
// export: OpenAPI 3.1 schemas are JSON Schema 2020-12).
import { z } from 'zod'
import { errorCodes } from './errorEnvelope'
import { errorGuide } from './guides/errorGuide'
import { errorEnvelopeSchema, type Operation, operations } from './operations'

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>
  return rest
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

export function openApiDocument(serverUrl = '/api/v1') {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of operations) {
    const methods = paths[op.path] ?? {}
    paths[op.path] = methods
    methods[op.method.toLowerCase()] = operationObject(op)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Intent Router API',
      version: '2026-01.alps',
      description: [
        'Cross-chain intent routing and portfolio service, compatible with @rhinestone/sdk. Amounts are decimal ' +
          'integer strings in base units. Every error carries { message, code, errors: [{ message, context }], ' +
          'traceId }.',
        errorGuide,
        errorCodeList(),
      ].join('\n\n'),
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: { Error: jsonSchema(errorEnvelopeSchema, 'output') },
    },
  }
}

function operationObject(op: Operation) {
  const params = op.parameters
    ? (jsonSchema(op.parameters, 'input') as { properties?: Record<string, unknown>; required?: string[] })
    : undefined
  const pathNames = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => {
    const name = m[1]
    if (name === undefined) throw new Error(`openapi: ${op.path} has a path parameter without a name`)
    return name
  })
  return {
    operationId: op.id,
    summary: op.summary,
    description: [op.description, op.scope ? `Requires a key with the \`${op.scope}\` scope.` : 'No key needed.']
      .filter(Boolean)
      .join('\n\n'),
    ...(op.scope ? {} : { security: [] }),
    parameters: Object.entries(params?.properties ?? {}).map(([name, schema]) => ({
      name,
      in: pathNames.includes(name) ? 'path' : 'query',
      required: pathNames.includes(name) || (params?.required ?? []).includes(name),
      schema,
      ...(op.examples?.parameters?.[name] !== undefined ? { example: op.examples.parameters[name] } : {}),
    })),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(op.body, 'input'), ...example(op.examples?.body) } },
          },
        }
      : {}),
    responses: {
      '200': {
        description: 'OK',
        content: {
          [op.mediaType ?? 'application/json']: {
            schema: jsonSchema(op.response, 'output'),
            ...example(op.examples?.response),
          },
        },
      },
      '400': errorResponse('A malformed or unsupported value; errors[].context.field names it'),
      ...(op.scope
        ? {
            '401': errorResponse('No key, or an unknown or revoked key'),
            '403': errorResponse('The key lacks the scope'),
          }
        : {}),
      ...(op.body
        ? {
            '413': errorResponse('Body over 1 MiB'),
            '415': errorResponse('Not JSON'),
            '422': op.unprocessable
              ? {
                  description: op.unprocessable.description,
                  content: { 'application/json': { schema: jsonSchema(op.unprocessable.schema, 'output') } },
                }
              : errorResponse('No Path Found'),
          }
        : {}),
      '503': errorResponse('A chain the answer needs is unavailable (Retry-After)'),
    },
  }
}

/** The stable error codes as a Markdown list, for the document's description. */
function errorCodeList(): string {
  const rows = Object.entries(errorCodes).map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
  return ['**Error codes** (`code` in every error body; stable, safe to switch on):', '', ...rows].join('\n')
}

const example = (value: unknown) => (value === undefined ? {} : { example: value })
