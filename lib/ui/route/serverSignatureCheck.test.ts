import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { inspectedRouteSchema } from '../../api/client/inspectedRoute'
import type { WireIntentOp } from '../../core/intentOp/intentOp'
import { signRoute } from '../../core/intentOp/serverSignature'
import { fixtureRoute, fixtureSigner } from './fixtures/routes'
import { checkServerSignature } from './serverSignatureCheck'

const raw = () => (fixtureRoute('crossChain').raw as { intentOp: WireIntentOp }).intentOp

describe('checkServerSignature', () => {
  it('verifies a route against the published signer', async () => {
    expect(await checkServerSignature(raw(), fixtureSigner)).toEqual({ status: 'verified', signer: fixtureSigner })
  })

  it('catches a route changed after signing, and a signer that is not the published one', async () => {
    const changed = raw()
    changed.elements[0]!.mandate.recipient = '0x000000000000000000000000000000000000dEaD'
    expect((await checkServerSignature(changed, fixtureSigner)).status).toBe('mismatch')
    expect(await checkServerSignature(raw(), '0x000000000000000000000000000000000000dEaD')).toEqual({
      status: 'mismatch',
      signer: fixtureSigner,
    })
    expect(await checkServerSignature({ ...raw(), serverSignature: '0x1234' }, fixtureSigner)).toEqual({
      status: 'invalid',
    })
  })

  it('needs the raw JSON: a key the schema does not know is signed too', async () => {
    const signer = privateKeyToAccount('0x0123456789012345678901234567890123456789012345678901234567890123')
    const { serverSignature: _, ...unsigned } = raw()
    const future = { ...unsigned, futureField: 'signed by a newer server' }
    const signed = { ...future, serverSignature: await signRoute(future, signer) }
    expect((await checkServerSignature(signed, signer.address)).status).toBe('verified')
    const parsed = inspectedRouteSchema.parse({ ...(fixtureRoute('crossChain').raw as object), intentOp: signed }).route
      .intentOp
    expect((await checkServerSignature(parsed, signer.address)).status).toBe('mismatch')
  })
})
