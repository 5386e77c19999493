// The devnet allocator's rule, on a real chain, under interleavings fast-check generates: a sponsor
// allocates compacts, moves its lock by transfer and by allocated withdrawal, tries to claim an
// allocated nonce under another compact, a stranger tries to take the sponsor's next nonce, and
// arbiters claim (with the sponsor's signature withdrawn: an allocated claim is registered). After
// every move the lock holds at least what the live allocations commit, the allocator lists no more
// than the live allocations, and it answered exactly as the rule says.
import fc from 'fast-check'
import {
  type Address,
  type Chain,
  erc20Abi,
  type Hex,
  hashStruct,
  keccak256,
  type PrivateKeyAccount,
  pad,
  parseEther,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allocatorAbi } from '../core/abi/allocator'
import { lockContractAbi } from '../core/abi/theCompact'
import { addresses } from '../core/addresses'
import { getChain } from '../core/chains/chains'
import { compactSigningContract, compactTypes, mandateWitnessTypestring } from '../core/intentOp/typedData'
import { defaultAllocator, defaultLockTag } from '../core/locks/defaultLockTag'
import { lockId } from '../core/locks/lockId'
import { sponsorNonce } from '../core/locks/sponsorNonce'
import { findTokenBySymbol } from '../core/tokens/tokens'
import * as artifacts from './contracts/artifacts'
import { operatorAddress } from './demoAccount'
import { createDevnetClient, type DevnetClient, mined } from './devnetClient'
import { type Devnet, startDevnet } from './startDevnet'

const chainId = 10
const usdc = findTokenBySymbol(chainId, 'USDC')!.address
const id = lockId(defaultLockTag, usdc)
const expires = 2n ** 40n
const unfunded = /would leave a submitted intent's lock unfunded/

let devnet: Devnet
let client: DevnetClient
let counter = BigInt(keccak256(toHex('allocator property'))) >> 168n
const nextNonce = (sponsor: Address) => sponsorNonce(counter++, sponsor)
const outOfScope = /not in the sponsor's scope/

beforeAll(async () => {
  devnet = await startDevnet()
  client = createDevnetClient(devnet.rpcUrls[chainId]!, getChain(chainId)!.viem as Chain)
}, 180_000)

afterAll(async () => {
  await devnet?.stop()
}, 30_000)

const send = (
  account: PrivateKeyAccount | Address,
  address: Address,
  abi: readonly unknown[],
  functionName: string,
  args: readonly unknown[],
) => mined(client, client.writeContract({ address, abi, functionName, args, account, chain: client.chain } as never))
const refused = (
  account: Address,
  address: Address,
  abi: readonly unknown[],
  functionName: string,
  args: readonly unknown[],
) => client.simulateContract({ address, abi, functionName, args, account } as never)

/** A one-element compact over `amount` of the lock, signed by `sponsor`, claimable by `arbiter`. */
async function compact(sponsor: PrivateKeyAccount, arbiter: Address, nonce: bigint, amount: bigint, tag = 0n) {
  const zero = pad('0x00', { size: 32 })
  const mandate = {
    target: { recipient: sponsor.address, tokenOut: [], targetChain: 10n, fillExpiry: expires },
    minGas: 0n,
    originOps: { vt: zero, ops: [] },
    destOps: { vt: zero, ops: [] },
    q: toHex(tag, { size: 32 }),
  }
  const element = {
    arbiter,
    chainId: BigInt(chainId),
    commitments: [{ lockTag: defaultLockTag, token: usdc, amount }],
    mandate,
  }
  const message = { sponsor: sponsor.address, nonce, expires, elements: [element] }
  const signature = await sponsor.signTypedData({
    domain: { name: 'The Compact', version: '1', chainId, verifyingContract: compactSigningContract },
    types: compactTypes,
    primaryType: 'MultichainCompact',
    message,
  })
  const witness = hashStruct({ types: compactTypes, primaryType: 'Mandate', data: mandate })
  const commitment = {
    sponsor: sponsor.address,
    nonce,
    expires,
    arbiter,
    idsAndAmounts: [[id, amount]] as const,
    witness,
    witnessTypestring: mandateWitnessTypestring,
    elementHashes: [hashStruct({ types: compactTypes, primaryType: 'Element', data: element })],
    elementIndex: 0n,
    notarizedChainId: BigInt(chainId),
    sponsorSignature: signature,
  }
  const claim = {
    allocatorData: '0x' as Hex,
    sponsorSignature: signature,
    sponsor: sponsor.address,
    nonce,
    expires,
    witness,
    witnessTypestring: mandateWitnessTypestring,
    claims: [{ id, allocatedAmount: amount, portions: [{ claimant: BigInt(arbiter), amount }] }],
    additionalChains: [],
  }
  return { commitment, claim }
}

type Move = { kind: 'allocate' | 'transfer' | 'withdraw' | 'claim' | 'hijack' | 'squat'; amount: bigint; pick: number }

const kinds: Move['kind'][] = ['allocate', 'allocate', 'transfer', 'withdraw', 'claim', 'hijack', 'squat']
const moves = fc.array(
  fc.record({ kind: fc.constantFrom(...kinds), amount: fc.bigInt({ min: 1n, max: 600n }), pick: fc.nat(7) }),
  { minLength: 1, maxLength: 8 },
)

describe('devnet allocator', () => {
  it('keeps every live allocation funded under any interleaving ' +
    'of allocations, transfers, withdrawals and claims', async () => {
    await fc.assert(
      fc.asyncProperty(moves, async (plan) => {
        const sponsor = privateKeyToAccount(generatePrivateKey())
        const arbiter = privateKeyToAccount(generatePrivateKey())
        for (const a of [sponsor.address, arbiter.address])
          await client.setBalance({ address: a, value: parseEther('1') })
        await send(operatorAddress, usdc, artifacts.devToken.abi, 'mint', [sponsor.address, 1000n])
        await send(sponsor, usdc, erc20Abi, 'approve', [addresses.theCompact, 1000n])
        await send(sponsor, addresses.theCompact, lockContractAbi, 'depositERC20', [
          usdc,
          defaultLockTag,
          1000n,
          sponsor.address,
        ])
        let balance = 1000n
        const live: { nonce: bigint; amount: bigint; claim: Awaited<ReturnType<typeof compact>>['claim'] }[] = []
        const owed = () => live.reduce((sum, a) => sum + a.amount, 0n)

        for (const move of plan) {
          const amount = move.amount > balance ? balance : move.amount
          if (move.kind === 'allocate') {
            const nonce = nextNonce(sponsor.address)
            const c = await compact(sponsor, arbiter.address, nonce, move.amount)
            if (balance >= owed() + move.amount) {
              await send(arbiter, defaultAllocator, allocatorAbi, 'allocate', [c.commitment]) // anyone may send it
              live.push({ nonce, amount: move.amount, claim: c.claim })
            } else {
              await expect(
                refused(arbiter.address, defaultAllocator, allocatorAbi, 'allocate', [c.commitment]),
              ).rejects.toThrow(/does not cover this intent/)
            }
          } else if ((move.kind === 'transfer' || move.kind === 'withdraw') && amount > 0n) {
            const [functionName, args] =
              move.kind === 'transfer'
                ? (['transfer', [arbiter.address, id, amount]] as const)
                : ([
                    'allocatedTransfer',
                    [
                      {
                        allocatorData: '0x',
                        nonce: nextNonce(sponsor.address),
                        expires,
                        id,
                        recipients: [{ claimant: BigInt(sponsor.address), amount }],
                      },
                    ],
                  ] as const)
            if (balance - amount >= owed()) {
              await send(sponsor, addresses.theCompact, lockContractAbi, functionName, args)
              balance -= amount
            } else {
              await expect(
                refused(sponsor.address, addresses.theCompact, lockContractAbi, functionName, args),
              ).rejects.toThrow(unfunded)
            }
          } else if (move.kind === 'claim' && live.length > 0) {
            const [allocation] = live.splice(move.pick % live.length, 1)
            // The claim was registered when it was allocated: it needs no signature any more.
            const withdrawn = { ...allocation!.claim, sponsorSignature: '0x' as Hex }
            await send(arbiter, addresses.theCompact, lockContractAbi, 'batchMultichainClaim', [withdrawn])
            balance -= allocation!.amount
          } else if (move.kind === 'hijack' && live.length > 0) {
            // The sponsor signs another compact under a live allocation's nonce and claims it itself.
            const target = live[move.pick % live.length]!
            const other = await compact(sponsor, sponsor.address, target.nonce, 1n, 1n)
            await expect(
              refused(sponsor.address, addresses.theCompact, lockContractAbi, 'batchMultichainClaim', [other.claim]),
            ).rejects.toThrow(/nonce allocated to another compact/)
          } else if (move.kind === 'squat') {
            // A stranger with an empty lock of its own takes the sponsor's next nonce: its own compact
            // allocated under it, a claim of it, or an allocated transfer of its own lock. All refused.
            const victimNonce = sponsorNonce(counter, sponsor.address)
            const own = await compact(arbiter, arbiter.address, victimNonce, 0n)
            await expect(
              refused(arbiter.address, defaultAllocator, allocatorAbi, 'allocate', [own.commitment]),
            ).rejects.toThrow(outOfScope)
            await expect(
              refused(arbiter.address, addresses.theCompact, lockContractAbi, 'batchMultichainClaim', [own.claim]),
            ).rejects.toThrow(outOfScope)
            const transfer = { allocatorData: '0x' as Hex, nonce: victimNonce, expires, id, recipients: [] }
            await expect(
              refused(arbiter.address, addresses.theCompact, lockContractAbi, 'allocatedTransfer', [transfer]),
            ).rejects.toThrow(outOfScope)
          }
          const onChain = await client.readContract({
            address: addresses.theCompact,
            abi: lockContractAbi,
            functionName: 'balanceOf',
            args: [sponsor.address, id],
          })
          const outstanding = await client.readContract({
            address: defaultAllocator,
            abi: allocatorAbi,
            functionName: 'outstanding',
            args: [sponsor.address, id],
          })
          const listed = await client.readContract({
            address: defaultAllocator,
            abi: allocatorAbi,
            functionName: 'listed',
            args: [sponsor.address, id],
          })
          expect({ onChain, outstanding, listed }).toEqual({
            onChain: balance,
            outstanding: owed(),
            listed: BigInt(live.length),
          })
          expect(onChain >= outstanding).toBe(true)
        }
        // Every live allocation can still be claimed in full.
        for (const allocation of live)
          await send(arbiter, addresses.theCompact, lockContractAbi, 'batchMultichainClaim', [allocation.claim])
      }),
      { numRuns: 12 },
    )
  }, 240_000)
})
