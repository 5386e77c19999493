import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  ChainUnavailableError,
  codeOfKind,
  InsufficientLiquidityError,
  InvalidInputError,
  NoPathFoundError,
  ServiceError,
} from '../core/errors'
import { errorBounds } from './errorBounds'
import {
  errorCodes,
  errorEnvelope,
  errorEnvelopeSchema,
  HttpError,
  insufficientLiquiditySchema,
  validationError,
} from './errorEnvelope'

describe('error envelope', () => {
  it('carries a stable code beside the message and errors the client reads', () => {
    const body = errorEnvelope(InvalidInputError.forField('amount', 'amount: must be positive'), 't-1')
    expect(body).toEqual({
      message: 'amount: must be positive',
      code: 'VALIDATION_ERROR',
      errors: [{ message: 'amount: must be positive', context: { field: 'amount' } }],
      traceId: 't-1',
    })
    expect(errorEnvelopeSchema.parse(body)).toEqual(body)
  })

  it('names the cause, not only the kind', () => {
    expect(errorEnvelope(new NoPathFoundError('no layer', {}), 't').code).toBe('NO_PATH_FOUND')
    expect(errorEnvelope(new ChainUnavailableError(10, 'timeout'), 't').code).toBe('CHAIN_UNAVAILABLE')
    expect(errorEnvelope(new ServiceError('forbidden', 'Insufficient permissions'), 't').code).toBe(
      'INSUFFICIENT_SCOPE',
    )
    expect(
      errorEnvelope(new ServiceError('forbidden', 'sponsor', undefined, { code: 'SPONSOR_SCOPE_REQUIRED' }), 't').code,
    ).toBe('SPONSOR_SCOPE_REQUIRED')
    expect(errorEnvelope(new HttpError('too_large', 'entity.too.large'), 't').code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('lists every code it can send, each kind defaulting to one of them', () => {
    for (const code of Object.values(codeOfKind)) expect(errorCodes).toHaveProperty(code)
  })

  it('keeps the wrapped error as cause', () => {
    const timeout = new Error('took too long')
    expect(new ChainUnavailableError(10, 'took too long', { cause: timeout }).cause).toBe(timeout)
    const zodError = z.object({ a: z.string() }).safeParse({}).error!
    expect(validationError(zodError).cause).toBe(zodError)
  })

  it("answers /intents/split's 422 in the shape @rhinestone/sdk reads, inside the envelope", () => {
    const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
    const body = errorEnvelope(new InsufficientLiquidityError([{ [usdc]: 10n }], { [usdc]: 5n }), 't-2')
    expect(insufficientLiquiditySchema.parse(body)).toMatchObject({
      error: 'INSUFFICIENT_LIQUIDITY',
      code: 'INSUFFICIENT_LIQUIDITY',
      availableIntents: [{ [usdc]: '10' }],
      unfillable: { [usdc]: '5' },
      traceId: 't-2',
    })
  })

  it('lists the first problems of a validation failure and counts the rest, in a body of a few KB', () => {
    const schema = z.record(z.string().regex(/^0x/), z.number())
    const key = (i: number) => (i < 30 ? `${'k'.repeat(10_000)}${i}` : `k${i}`)
    const keys = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [key(i), 'x']))
    const failure = schema.safeParse(keys).error!
    expect(failure.issues.length).toBe(20_000)
    const body = errorEnvelope(validationError(failure, 'tokens'), 't')
    expect(body.errors).toHaveLength(errorBounds.problems + 1)
    const total = failure.issues.length
    expect(body.errors.at(-1)?.context).toEqual({ limit: 'errors', max: errorBounds.problems, total })
    expect(body.message).toMatch(new RegExp(`; and ${failure.issues.length - errorBounds.problems} more$`))
    const fields = body.errors.slice(0, -1).map((e) => String(e.context?.field))
    for (const field of fields) expect(field.length).toBeLessThanOrEqual(errorBounds.field)
    expect(JSON.stringify(body).length).toBeLessThan(6_144)
    expect(errorEnvelopeSchema.parse(body)).toEqual(body)
  })
})
