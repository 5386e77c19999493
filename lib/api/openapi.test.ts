// The document and the handlers cannot drift apart: every route file under app/api/v1 serves
// exactly the documented operations (path and method), and each handler validates with the very
// schema object the document is generated from (it imports its operation; checked here too).
import { readdirSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { openApiDocument } from './openapi'
import { operations } from './operations'

const apiRoot = join(import.meta.dirname, '..', '..', 'app', 'api', 'v1')
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return routeFiles(full)
    return name === 'route.ts' ? [full] : []
  })
}

const apiPath = (file: string) =>
  '/' +
  relative(apiRoot, file)
    .split(sep)
    .slice(0, -1)
    .join('/')
    .replace(/\[(\w+)\]/g, '{$1}')

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with every operation, its key scheme and the error envelope', () => {
    const doc = openApiDocument()
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(operations.map((o) => o.path))].sort())
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'x-api-key' })
    expect(doc.components.schemas.Error).toMatchObject({ required: ['message', 'errors', 'traceId', 'code'] })
  })

  it.each(operations)('documents $method $path with the schemas its handler uses', async (op) => {
    const doc = openApiDocument()
    const entry = (doc.paths[op.path] as Record<string, any>)[op.method.toLowerCase()]
    expect(entry.operationId).toBe(op.id)
    const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
      const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>
      return rest
    }
    if (op.body) expect(entry.requestBody.content['application/json'].schema).toEqual(schemaOf(op.body, 'input'))
    const answer = entry.responses['200'].content[op.mediaType ?? 'application/json']
    expect(answer.schema).toEqual(schemaOf(op.response, 'output'))
  })

  it.each(operations)('gives $method $path a description and an example the schemas accept', (op) => {
    const entry = (openApiDocument().paths[op.path] as Record<string, any>)[op.method.toLowerCase()]
    expect(op.description, 'a description').toBeTruthy()
    expect(entry.description).toContain(op.description)
    const ex = op.examples!
    expect(ex, 'examples').toBeDefined()
    const parsed = (schema: z.ZodType, value: unknown) => {
      const r = schema.safeParse(value)
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    }
    expect(parsed(op.response, ex.response), 'example response').toEqual([])
    expect(entry.responses['200'].content[op.mediaType ?? 'application/json'].example).toEqual(ex.response)
    if (op.body) {
      expect(parsed(op.body, ex.body), 'example body').toEqual([])
      expect(entry.requestBody.content['application/json'].example).toEqual(ex.body)
    }
    if (op.parameters) {
      expect(parsed(op.parameters, ex.parameters), 'example parameters').toEqual([])
      const required = entry.parameters.filter((p: { required: boolean }) => p.required)
      for (const p of required) expect(p.example, `example for ${p.name}`).toBe(ex.parameters![p.name])
    }
  })

  it('matches the route files: each serves exactly its documented methods, through handle({ operation })', async () => {
    const files = routeFiles(apiRoot)
    const served: string[] = []
    for (const file of files) {
      const path = apiPath(file)
      const module = (await import(file)) as Record<
        string,
        ((...a: unknown[]) => unknown) & { methodNotAllowed?: true; operation?: unknown }
      >
      expect(
        operations.some((o) => o.path === path),
        `${path} is served but not documented`,
      ).toBe(true)
      for (const method of methods) {
        const handler = module[method]
        expect(handler, `${file} answers ${method} (a 405 at least)`).toBeDefined()
        if (handler!.methodNotAllowed) continue
        served.push(`${method} ${path}`)
        // The handler parses and authenticates with the very operation the document shows.
        expect(handler!.operation, `${method} ${path} goes through handle({ operation })`).toBe(
          operations.find((o) => o.path === path && o.method === method),
        )
      }
    }
    expect(served.sort()).toEqual(operations.map((o) => `${o.method} ${o.path}`).sort())
  })
})
