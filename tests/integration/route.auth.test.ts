// EIP-7702 delegations and supplied authorizations, the server signature over the intentOp, and
// route nonces.

import { type Address, encodePacked, getAddress, keccak256, parseEther, parseUnits } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { nexus } from '../../lib/core/accounts/smartAccounts'
import { InvalidInputError } from '../../lib/core/errors'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { routeSigner } from '../../lib/core/intentOp/serverSignature'
import { sponsorNonce } from '../../lib/core/locks/sponsorNonce'
import { routeEngine } from '../support/routeEngine'

const engine = routeEngine()
const { chain } = engine
/** The one delegate this deployment settles EIP-7702 accounts with: the Nexus 1.2.0 implementation. */
const delegate: Address = nexus.implementation
const otherDelegate: Address = getAddress('0x0000000000000000000000000000000000007702')

async function authorization(signer: PrivateKeyAccount, chainId: number, address: Address, nonce: number) {
  const a = await signer.signAuthorization({ chainId, address, nonce })
  return { chainId, address, nonce: String(nonce), yParity: a.yParity!, r: a.r, s: a.s }
}

describe('EIP-7702', () => {
  let user: PrivateKeyAccount
  // USDC on 8453, requested on 42161; the account is already delegated to `delegate` on 42161.
  beforeAll(async () => {
    user = await engine.funded([
      { chainId: 8453, symbol: 'USDC', amount: parseUnits('100', 6) },
      { chainId: 42161, symbol: 'ETH', amount: parseEther('0.01') },
    ])
    const c = chain.client(42161)
    const auth = await c.signAuthorization({ account: user, contractAddress: delegate, executor: 'self' })
    await c.waitForTransactionReceipt({
      hash: await c.sendTransaction({
        account: user,
        authorizationList: [auth],
        to: user.address,
        data: '0x',
        chain: c.chain,
      }),
    })
    expect(await c.getCode({ address: user.address })).toBe(`0xef0100${delegate.slice(2).toLowerCase()}`)
  })
  const body = (
    extra: {
      delegations?: object
      signedAuthorizations?: object[]
      recipient?: object
      recipientSignedAuthorizations?: object[]
    } = {},
  ) => ({
    destinationChainId: 42161,
    tokenRequests: [{ tokenAddress: 'USDC', amount: '50000000' }],
    account: {
      address: user.address,
      delegations: extra.delegations ?? { 8453: { contract: delegate }, 42161: { contract: delegate } },
    },
    ...(extra.recipient ? { recipient: extra.recipient } : {}),
    signedAuthorizations: extra.signedAuthorizations ?? [],
    recipientSignedAuthorizations: extra.recipientSignedAuthorizations ?? [],
  })
  const rejection = async (b: object) => {
    const error = await engine.route(b).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(InvalidInputError)
    return error as InvalidInputError
  }

  it('requiredDelegations lists the route’s chains whose code is not 0xef0100 ‖ contract', async () => {
    const { intentOp } = await engine.fulfilled(body())
    expect(intentOp.signedMetadata.account.requiredDelegations).toEqual({ '8453': { contract: delegate } })
    // The Nexus implementation answers ERC-7579's accountId(), read from chain through the delegation.
    expect(intentOp.signedMetadata.account.accountContext['42161']).toEqual({
      accountType: 'smartAccount',
      isDeployed: true,
      isERC7579: true,
      delegatedTo: delegate,
    })
    // Another delegate would need a delegation the filler cannot settle (nothing would check the
    // account's signatures after it): refused at quote time, naming the field.
    const refused = await engine.route(body({ delegations: { 42161: { contract: otherDelegate } } })).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(refused).toMatchObject({
      kind: 'unprocessable',
      details: [{ context: { field: 'account.delegations.42161' } }],
    })
  })

  it(
    'an authorization signed by the account, naming the ' + 'delegate, with its next nonce, is carried in the intentOp',
    async () => {
      const nonce = await chain.client(8453).getTransactionCount({ address: user.address })
      const good = await authorization(user, 8453, delegate, nonce)
      const { intentOp } = await engine.fulfilled(body({ signedAuthorizations: [good] }))
      expect(intentOp.signedAuthorizations).toEqual([{ ...good, address: delegate }])
      expect(intentOp.recipientSignedAuthorizations).toEqual([])
    },
  )

  it.each([
    [
      'signed by another key',
      async (_u: PrivateKeyAccount, n: number) => authorization(chain.freshAccount(), 8453, delegate, n),
      /is signed by 0x[0-9a-fA-F]{40}, not by/,
    ],
    [
      'naming another contract',
      async (u: PrivateKeyAccount, n: number) => authorization(u, 8453, otherDelegate, n),
      /names 0x[0-9a-fA-F]{40}, but the declared delegate on chain 8453/,
    ],
    [
      'with a wrong nonce',
      async (u: PrivateKeyAccount, n: number) => authorization(u, 8453, delegate, n + 1),
      /nonce \d+ is not the account's next nonce \d+ on chain 8453/,
    ],
    [
      'for a chain without a declared delegation',
      async (u: PrivateKeyAccount, n: number) => authorization(u, 10, delegate, n),
      /no delegation is declared for chain 10/,
    ],
  ])('one %s is rejected with an error naming signedAuthorizations.N', async (_, make, reason) => {
    const nonce = await chain.client(8453).getTransactionCount({ address: user.address })
    const good = await authorization(user, 8453, delegate, nonce)
    const error = await rejection(body({ signedAuthorizations: [good, await make(user, nonce)] }))
    expect(error.kind).toBe('invalid_input')
    expect(error.message).toMatch(/^signedAuthorizations\.1: /)
    expect(error.message).toMatch(reason)
    expect(error.details).toEqual([{ message: error.message, context: { field: 'signedAuthorizations.1' } }])
  })

  // authorizations.ts promises every supplied authorization carries the signer's next nonce; for
  // the recipient's the engine never reads a nonce, so a stale one is accepted and signed over.
  it(
    'a recipient authorization with a wrong nonce is rejected ' +
      'with an error naming recipientSignedAuthorizations.0',
    async () => {
      const recipient = chain.freshAccount()
      expect(await chain.client(42161).getTransactionCount({ address: recipient.address })).toBe(0)
      const stale = await authorization(recipient, 42161, delegate, 5)
      const outcome = await engine
        .route(
          body({
            recipient: { address: recipient.address, delegations: { 42161: { contract: delegate } } },
            recipientSignedAuthorizations: [stale],
          }),
        )
        .then(
          (r) => ({ accepted: r.intentOp?.recipientSignedAuthorizations }),
          (e: InvalidInputError) => ({ rejected: e.details.map((d) => d.context?.field) }),
        )
      expect(outcome).toEqual({ rejected: ['recipientSignedAuthorizations.0'] })
    },
  )
})

describe('server signature and nonces', () => {
  let user: PrivateKeyAccount
  let op: WireIntentOp
  beforeAll(async () => {
    user = await engine.funded([{ chainId: 10, symbol: 'USDC', amount: parseUnits('100', 6) }])
    op = (
      await engine.fulfilled(
        {
          destinationChainId: 8453,
          tokenRequests: [{ tokenAddress: 'USDC', amount: '60000000' }],
          account: { address: user.address },
        },
        { nonce: 11n },
      )
    ).intentOp
  })

  it('routeSigner recovers the signer, also after a JSON round trip', async () => {
    expect(await routeSigner(op)).toBe(engine.signer.address)
    expect(await routeSigner(JSON.parse(JSON.stringify(op)))).toBe(engine.signer.address)
  })

  it('changing any single field of the intentOp changes the recovered address', async () => {
    const leaves: (string | number)[][] = []
    const walk = (v: unknown, path: (string | number)[]) => {
      if (v !== null && typeof v === 'object')
        for (const [k, c] of Object.entries(v)) walk(c, [...path, Array.isArray(v) ? Number(k) : k])
      else if (path[0] !== 'serverSignature') leaves.push(path)
    }
    walk(op, [])
    expect(leaves.length).toBeGreaterThan(50)
    const changed: string[] = []
    for (const path of leaves) {
      const copy = structuredClone(op) as unknown as Record<string | number, unknown>
      const parent = path
        .slice(0, -1)
        .reduce<Record<string | number, unknown>>((o, k) => o[k] as Record<string | number, unknown>, copy)
      const key = path.at(-1)!
      const v = parent[key]
      parent[key] =
        typeof v === 'boolean'
          ? !v
          : typeof v === 'number'
            ? v + 1
            : typeof v === 'string'
              ? v.endsWith('1')
                ? `${v.slice(0, -1)}2`
                : `${v.slice(0, -1)}1`
              : 'x'
      if ((await routeSigner(copy as unknown as WireIntentOp)) !== engine.signer.address) changed.push(path.join('.'))
    }
    expect(changed).toEqual(leaves.map((p) => p.join('.')))
    // Adding or removing a field changes it too.
    expect(
      await routeSigner({
        ...op,
        signedAuthorizations: [
          {
            chainId: 8453,
            address: user.address,
            nonce: '0',
            yParity: 0,
            r: op.serverSignature.slice(0, 66) as `0x${string}`,
            s: op.serverSignature.slice(0, 66) as `0x${string}`,
          },
        ],
      }),
    ).not.toBe(engine.signer.address)
    const { targetExecutionNonce: _, ...without } = op
    expect(await routeSigner(without as WireIntentOp)).not.toBe(engine.signer.address)
  })

  it('distinct nonces give distinct intentOps; the same nonce on the same state gives the same intentOp', async () => {
    const body = {
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: '60000000' }],
      account: { address: user.address },
    }
    const [a, b, again] = [
      await engine.fulfilled(body, { nonce: 12n }),
      await engine.fulfilled(body, { nonce: 13n }),
      await engine.fulfilled(body, { nonce: 11n }),
    ]
    // The counter drawn, scoped to the sponsor: its address in the low 160 bits.
    const scoped = (counter: bigint) => sponsorNonce(counter, user.address).toString()
    expect([a.intentOp.nonce, b.intentOp.nonce]).toEqual([scoped(12n), scoped(13n)])
    expect(a.intentOp.targetExecutionNonce).toBe(scoped(12n))
    expect(a.intentOp.serverSignature).not.toBe(b.intentOp.serverSignature)
    expect(a.intentOp).not.toEqual(b.intentOp)
    // Besides the nonce fields, only RELAY's request and order ids may differ, and they must be
    // derived from the nonce: requestId = keccak256(nonce ‖ chainId ‖ element index), orderId = keccak256(requestId).
    const withoutNonce = (op: typeof a.intentOp) => {
      const { nonce: _n, targetExecutionNonce: _t, serverSignature: _s, ...rest } = op
      return {
        ...rest,
        elements: rest.elements.map((e, index) => {
          const context = e.mandate.qualifier.settlementContext
          if (context.settlementLayer !== 'RELAY') return e
          const requestId = keccak256(
            encodePacked(['uint256', 'uint256', 'uint256'], [BigInt(op.nonce), BigInt(e.chainId), BigInt(index)]),
          )
          expect(context).toMatchObject({ requestId, orderId: keccak256(requestId) })
          const { requestId: _r, orderId: _o, ...others } = context
          return { ...e, mandate: { ...e.mandate, qualifier: { settlementContext: others } } }
        }),
      }
    }
    expect(withoutNonce(a.intentOp)).toEqual(withoutNonce(b.intentOp))
    expect(again.intentOp).toEqual(op)
  })
})
