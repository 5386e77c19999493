import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ChainUnavailableError, codeOfKind, InsufficientLiquidityError, InvalidInputError, NoPathFoundError, ServiceError } from '../core/errors'
import { errorCodes, errorEnvelope, errorEnvelopeSchema, HttpError, insufficientLiquiditySchema, validationError } from './errorEnvelope'

describe('error envelope', () => {
  it('carries a stable code beside the message and errors the client reads', () => {
    const body = errorEnvelope(InvalidInputError.forField('amount', 'amount: must be positive'), 't-1')
    expect(body).toEqual({ message: 'amount: must be positive', code: 'VALIDATION_ERROR', errors: [{ message: 'amount: must be positive', context: { field: 'amount' } }], traceId: 't-1' })
    expect(errorEnvelopeSchema.parse(body)).toEqual(body)
  })

  it('names the cause, not only the kind', () => {
    expect(errorEnvelope(new NoPathFoundError('no layer', {}), 't').code).toBe('NO_PATH_FOUND')
    expect(errorEnvelope(new ChainUnavailableError(10, 'timeout'), 't').code).toBe('CHAIN_UNAVAILABLE')
    expect(errorEnvelope(new ServiceError('forbidden', 'Insufficient permissions'), 't').code).toBe('INSUFFICIENT_SCOPE')
    expect(errorEnvelope(new ServiceError('forbidden', 'sponsor', undefined, { code: 'SPONSOR_SCOPE_REQUIRED' }), 't').code).toBe('SPONSOR_SCOPE_REQUIRED')
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
})
