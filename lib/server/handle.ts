import 'server-only'
// A route file's handlers from its documented operations: `handle({ operation }, fn)` authenticates
// (the operation's scope, or the client's own budget for keyless sign-in), parses the path, query
// and body with the operation's schemas (400s naming each field), and answers what `fn` returns;
// `serve(...)` adds the 405s for every other method and the CORS preflight. Next's router calls these
// handlers (`next start`, `next dev`); serve.mjs calls the same ones itself for the API (`node`).
import type { z } from 'zod'
import { validationError } from '../api/errorEnvelope'
import type { Operation } from '../api/operations'
import type { Caller } from './apiKeys'
import type { ApiRequest } from './apiRequest'
import { requireCaller, requireClientBudget } from './caller'
import { envelope, type HandlerContext, methodNotAllowed, preflight } from './http'
import { readJsonBody } from './jsonBody'
import { jsonResponse, withBody } from './jsonResponse'
import { answerNode, type NodeAnswer, pathMatcher } from './nodeAnswer'

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

/** What an operation's function receives: everything already checked against the operation. */
export type OperationInput<O extends Operation> = {
  request: ApiRequest
  context: HandlerContext
  /** Path and query parameters, parsed with `operation.parameters`. */
  params: Parsed<O['parameters']>
  /** The JSON body, parsed with `operation.body`. */
  body: Parsed<O['body']>
  /** The authenticated key (operations with a scope); undefined for keyless ones. */
  caller: O['scope'] extends null ? undefined : Caller
  /** The client address (keyless operations that spend the client's budget). */
  client: string | undefined
}

type Answer<O extends Operation> = Response | z.input<O['response']>

type Options<O extends Operation> = {
  operation: O
  /** Keyless operations that still cost something (sign-in) spend the client address's budget. */
  clientBudget?: boolean
  /** The status of a successful answer (default 200). */
  status?: number
}

type RouteHandler = ((request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  operation?: Operation
  methodNotAllowed?: true
}

/** How serve.mjs answers an operation without Next's router: the params of a request path that
 * is the operation's (`/api/v1` and its path), and the handler answering a Node request. */
export type NodeEntry = {
  match: (path: string) => Record<string, string> | undefined
  answer: NodeAnswer
}

export type OperationHandler = RouteHandler & { operation: Operation; node: NodeEntry }

export function handle<const O extends Operation>(
  options: Options<O>,
  fn: (input: OperationInput<O>) => Promise<Answer<O>>,
): OperationHandler {
  const { operation, clientBudget = false, status = 200 } = options
  const answered = envelope<Record<string, string>>(async (request, context) => {
    const caller = operation.scope === null ? undefined : await requireCaller(request, operation.scope, context)
    const client = operation.scope === null && clientBudget ? await requireClientBudget(request, context) : undefined
    const params = operation.parameters
      ? parse(operation.parameters, {
          ...Object.fromEntries(new URL(request.url).searchParams),
          ...(await context.params),
        })
      : undefined
    const body = operation.body ? parse(operation.body, await readJsonBody(request)) : undefined
    const answer = await fn({ request, context, params, body, caller, client } as OperationInput<O>)
    return answer instanceof Response ? answer : jsonResponse(JSON.stringify(answer), { status })
  })
  const run = async (request: Request, context: { params: Promise<Record<string, string>> }) =>
    withBody(await answered(request, context))
  const node: NodeEntry = {
    match: pathMatcher(`/api/v1${operation.path}`),
    answer: answerNode(answered),
  }
  return Object.assign(run, { operation, node })
}

/** Every method of a route file: the operations' handlers, JSON 405s naming the allowed methods
 * for the rest, and the CORS preflight. */
export function serve(...handlers: OperationHandler[]) {
  const allowed = handlers.map((h) => h.operation.method)
  const notAllowed = methodNotAllowed(allowed)
  const byMethod = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'): RouteHandler =>
    handlers.find((h) => h.operation.method === method) ?? notAllowed[method]
  return {
    GET: byMethod('GET'),
    POST: byMethod('POST'),
    PUT: byMethod('PUT'),
    PATCH: byMethod('PATCH'),
    DELETE: byMethod('DELETE'),
    OPTIONS: preflight,
  }
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw validationError(parsed.error)
  return parsed.data
}
