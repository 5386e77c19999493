// POST /api/demo-wallet/authorization (devnet only): the demo wallet's EIP-7702 authorization for
// one chain, delegating the demo account to the Nexus 1.2.0 implementation at the given account nonce.
import { z } from 'zod'
import { addressInput } from './primitives'

export const demoAuthorizationRequestSchema = z.object({
  chainId: z.number().int().positive(),
  contractAddress: addressInput(),
  nonce: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
})

export type DemoAuthorizationRequest = z.infer<typeof demoAuthorizationRequestSchema>

export const demoAuthorizationResponseSchema = z.object({
  chainId: z.number().int(),
  address: z.string(),
  nonce: z.number().int(),
  yParity: z.union([z.literal(0), z.literal(1)]),
  r: z.string(),
  s: z.string(),
})

export type DemoAuthorization = z.infer<typeof demoAuthorizationResponseSchema>
