import { decodeFunctionData, erc20Abi, hashStruct, isAddressEqual, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { arbiterAbi } from '../../abi/arbiter'
import { accountEscrowParts, escrowMandate, escrowTokens, isAccountEscrowRoute } from '../../intentOp/accountEscrow'
import { compactTypes } from '../../intentOp/typedData'
import { accountEscrowRoute as escrowRoute, eth, usdc } from '../fixtures'
import { SINGLE_CHAIN_VT } from '../ops'
import { escrowChains } from '../plan/planRequest'

describe('ACCOUNT_ESCROW: unlocked ERC-20s put into escrow by the account’s own ops', () => {
  it('is planned where the account runs ops (not through Permit2, which it could not approve undeployed)', () => {
    const { plan, elements } = escrowRoute([10])
    expect(plan.fulfilled).toBe(true)
    expect(new Set(plan.allocations.map((a) => a.funding))).toEqual(new Set(['ACCOUNT_ESCROW']))
    expect(isAccountEscrowRoute({ elements })).toBe(true)
    // Without escrow chains the same holdings are a Permit2 route, as before.
    const permit2 = escrowRoute([])
    expect(new Set(permit2.plan.allocations.map((a) => a.funding))).toEqual(new Set(['PERMIT2']))
    expect(isAccountEscrowRoute({ elements: permit2.elements })).toBe(false)
  })

  it('signs each element as SingleChainOps where its ops run: the escrow on its source, then the destination', () => {
    const { elements } = escrowRoute([10])
    const { escrows, destination } = accountEscrowParts({ elements })
    expect(escrows.map((e) => [e.chainId, e.mandate.destinationChainId])).toEqual([['10', '10']])
    expect([destination.chainId, destination.mandate.destinationChainId]).toEqual(['8453', '8453'])
    expect(destination.idsAndAmounts).toEqual([])
    expect(destination.mandate.tokenOut).toEqual([])
    expect(destination.mandate.destinationOps.ops).toEqual([])
    for (const e of elements) {
      expect(e.mandate.qualifier.settlementContext).toMatchObject({
        settlementLayer: 'INTENT_EXECUTOR',
        fundingMethod: 'NO_FUNDING',
      })
    }
  })

  it("escrows exactly what the element draws, with the mandate the fill delivers and the filler's checks expect", () => {
    const { elements } = escrowRoute([10])
    const [escrow] = accountEscrowParts({ elements }).escrows
    const ops = escrow!.mandate.destinationOps.ops
    const tokens = escrowTokens(escrow!)
    expect(tokens.reduce((s, t) => s + t.amount, 0n)).toBeGreaterThan(usdc(100)) // the delivery plus the fee
    // One approval per token of exactly its amount, to the element's own arbiter; then the escrow.
    expect(ops).toHaveLength(tokens.length + 1)
    tokens.forEach((t, i) => {
      const op = ops[i]!
      expect(isAddressEqual(op.to, t.token)).toBe(true)
      const call = decodeFunctionData({ abi: erc20Abi, data: op.data })
      expect(call.functionName).toBe('approve')
      expect(call.args).toEqual([escrow!.arbiter, t.amount])
    })
    const last = ops.at(-1)!
    expect(isAddressEqual(last.to, escrow!.arbiter)).toBe(true)
    const call = decodeFunctionData({ abi: arbiterAbi, data: last.data })
    expect(call.functionName).toBe('escrowFromAccount')
    const [nonce, escrowed, mandate] = call.args as unknown as [bigint, typeof tokens, unknown]
    expect(nonce).toBe(77n)
    expect(escrowed).toEqual(tokens)
    // The filler derives the same mandate from the signed element, targeting the destination chain.
    const derived = escrowMandate(escrow!, 8453)
    const hash = (data: unknown) => hashStruct({ types: compactTypes, primaryType: 'Mandate', data: data as never })
    expect(hash(mandate)).toBe(hash(derived))
    expect(derived.target.targetChain).toBe(8453n)
    expect(derived.target.tokenOut).toEqual([{ token: expect.any(String), amount: usdc(100) }])
  })

  it("carries the route's calls on arrival as the destination element's ops, never in what the fill delivers", () => {
    const call = { to: '0x00000000000000000000000000000000000000c0' as const, value: 0n, data: '0xabcdef01' as const }
    const plain = accountEscrowParts({ elements: escrowRoute([10]).elements })
    const { escrows, destination } = accountEscrowParts({ elements: escrowRoute([10], [call]).elements })
    expect(destination.mandate.destinationOps).toEqual({
      vt: SINGLE_CHAIN_VT,
      ops: [{ to: call.to, value: '0', data: call.data }],
    })
    // The gas the route charged for the calls, which the filler relays them with.
    expect(destination.mandate.minGas).toBe('123456')
    expect(plain.destination.mandate.minGas).toBe('0')
    // The escrow elements (their ops, the mandate they escrow and the fill delivers) are unchanged.
    expect(escrows).toEqual(plain.escrows)
  })

  it('escrows where the account runs ops, when its calls on arrival can run as its ops too', () => {
    const request = (o: { ops: number[]; calls?: number; preClaim?: boolean }) => ({
      destination: 8453,
      opsChains: o.ops,
      preClaimExecutions: (o.preClaim ? { 10: [] } : {}) as Record<string, never[]>,
      input: { destinationExecutions: Array.from({ length: o.calls ?? 0 }, () => ({})) as never[] },
    })
    expect(escrowChains(request({ ops: [10, 42161, 8453] }))).toEqual([10, 42161])
    expect(escrowChains(request({ ops: [10, 8453], calls: 1 }))).toEqual([10])
    // Calls the account could not run on the destination chain: drawn through Permit2 or locks.
    expect(escrowChains(request({ ops: [10], calls: 1 }))).toEqual([])
    expect(escrowChains(request({ ops: [10] }))).toEqual([10])
    expect(escrowChains(request({ ops: [10, 8453], preClaim: true }))).toEqual([])
  })

  it('escrows native ETH as the escrow call’s value: no approval, no WETH wrap', () => {
    const { plan, elements } = escrowRoute([10], [], { symbol: 'ETH', holds: eth(2), wants: eth(0.5) })
    expect(plan.fulfilled).toBe(true)
    expect(new Set(plan.allocations.map((a) => a.funding))).toEqual(new Set(['ACCOUNT_ESCROW']))
    const [escrow] = accountEscrowParts({ elements }).escrows
    const tokens = escrowTokens(escrow!)
    expect(tokens.map((t) => t.token)).toEqual([zeroAddress])
    const ops = escrow!.mandate.destinationOps.ops
    expect(ops).toHaveLength(1)
    expect(isAddressEqual(ops[0]!.to, escrow!.arbiter)).toBe(true)
    expect(BigInt(ops[0]!.value)).toBe(tokens[0]!.amount)
    expect(decodeFunctionData({ abi: arbiterAbi, data: ops[0]!.data }).functionName).toBe('escrowFromAccount')
    expect(tokens[0]!.amount).toBeGreaterThan(eth(0.5)) // the delivery plus the fee
  })
})
