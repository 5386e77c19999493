// Wire schemas of sign-in with Ethereum (EIP-4361): a nonce, the signed message, the session.
import { z } from 'zod'

export const nonceResponseSchema = z.object({ nonce: z.string(), expiresAt: z.string() })

export const signInBodySchema = z.object({
  /** The EIP-4361 message as the wallet signed it (viem createSiweMessage), with the nonce from GET /auth/nonce. */
  message: z.string().min(1).max(4_096, 'at most 4096 characters'),
  signature: z.templateLiteral(['0x', z.string().regex(/^[0-9a-fA-F]{2,4096}$/)], {
    error: (issue) => (issue.code === 'invalid_type' ? undefined : 'must be a 0x-prefixed hex signature'),
  }),
})

export const sessionResponseSchema = z.object({
  /** The signed-in wallet, or null. */
  address: z.string().nullable(),
  expiresAt: z.string().nullable(),
})

export type SessionResponse = z.infer<typeof sessionResponseSchema>
