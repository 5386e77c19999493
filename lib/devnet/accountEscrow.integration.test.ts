// The arbiter's escrow an account makes itself (ACCOUNT_ESCROW), tried as an attacker would on the
// devnet's real contracts: the account calls escrowFromAccount from its own ops (here, an EOA
// calling it directly is the same caller). Nobody escrows for another account; once held, neither the
// account nor a stranger can take it back before the refund delay; only a filler may return it early,
// and only to the account; a release pays only against an attestation of the fill of its mandate.
import { concat, erc20Abi, hashStruct, parseEther, parseUnits, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { escrowMandate } from '../core/intentOp/accountEscrow'
import { compactTypes } from '../core/intentOp/typedData'
import { lockId } from '../core/locks/lockId'
import { fillerAccount, secondFillerAccount } from './demoAccount'
import {
  ACROSS,
  arbiterAbi,
  asOperator,
  attest,
  clients,
  element,
  erc20Balance,
  now,
  send,
  simulate,
  stranger,
  token,
  withDevnet,
} from './settlementHarness'

withDevnet()

const chainId = 10
const mintAbi = [
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [{ type: 'address' }, { type: 'uint256' }],
    outputs: [],
  },
] as const

async function escrowed(nonce: bigint, amount: bigint) {
  const usdc = token(chainId, 'USDC')
  await clients[chainId]!.setBalance({ address: stranger.address, value: parseEther('1') })
  await asOperator(chainId, usdc, mintAbi, 'mint', [stranger.address, amount])
  const fillDeadline = (await now(chainId)) + 600n
  const wire = element({
    arbiter: ACROSS,
    chainId,
    idsAndAmounts: [[lockId(`0x${'00'.repeat(12)}`, usdc), amount]],
    recipient: stranger.address,
    tokenOut: [[token(8453, 'USDC'), amount - 1_000n]],
    destinationChainId: chainId,
    fillDeadline,
  })
  const mandate = escrowMandate(wire, 8453)
  await send(chainId, stranger, usdc, erc20Abi, 'approve', [ACROSS, amount])
  const receipt = await send(chainId, stranger, ACROSS, arbiterAbi, 'escrowFromAccount', [
    nonce,
    [{ token: usdc, amount }],
    mandate,
  ])
  return { usdc, mandate, receipt }
}

const escrowState = async (sponsor: `0x${string}`, nonce: bigint) =>
  (await clients[chainId]!.readContract({
    address: ACROSS,
    abi: arbiterAbi,
    functionName: 'escrowOf',
    args: [sponsor, nonce],
  })) as readonly [number, bigint]

/** The stranger funded with ETH, and the mandate of an element escrowing `amount` of it. */
async function nativeMandate(amount: bigint) {
  await clients[chainId]!.setBalance({ address: stranger.address, value: parseEther('2') })
  const wire = element({
    arbiter: ACROSS,
    chainId,
    idsAndAmounts: [[lockId(`0x${'00'.repeat(12)}`, zeroAddress), amount]],
    recipient: stranger.address,
    tokenOut: [[zeroAddress, amount - 1_000n]],
    destinationChainId: chainId,
    fillDeadline: (await now(chainId)) + 600n,
  })
  return escrowMandate(wire, 8453)
}

/** The stranger escrows `amount` of native ETH under `nonce` from its own account. */
async function escrowNative(nonce: bigint, amount: bigint) {
  const mandate = await nativeMandate(amount)
  await send(
    chainId,
    stranger,
    ACROSS,
    arbiterAbi,
    'escrowFromAccount',
    [nonce, [{ token: zeroAddress, amount }], mandate],
    amount,
  )
}

describe('escrowFromAccount: an account’s own escrow', () => {
  it('is recorded under the caller only; nobody takes it back early but a filler, and only to the account', async () => {
    const amount = parseUnits('25', 6)
    const { usdc } = await escrowed(1n, amount)
    expect((await escrowState(stranger.address, 1n))[0]).toBe(1) // held
    expect(await erc20Balance(chainId, usdc, ACROSS)).toBeGreaterThanOrEqual(amount)
    // The same nonce cannot be escrowed twice, and no other account's escrow exists by it.
    expect((await escrowState(fillerAccount.address, 1n))[0]).toBe(0)
    // Neither the account nor a stranger may return it, nor refund it before the delay.
    for (const caller of [stranger.address, '0x000000000000000000000000000000000000dEaD' as const]) {
      await expect(
        simulate(chainId, caller, ACROSS, arbiterAbi, 'returnEscrow', [stranger.address, 1n]),
      ).rejects.toThrow(/only the escrowing filler/)
    }
    await expect(
      simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'refund', [stranger.address, 1n]),
    ).rejects.toThrow(/refund not yet due/)
    // Any of the fillers returns it, to the account.
    const before = await erc20Balance(chainId, usdc, stranger.address)
    await send(chainId, secondFillerAccount, ACROSS, arbiterAbi, 'returnEscrow', [stranger.address, 1n])
    expect((await escrowState(stranger.address, 1n))[0]).toBe(3) // refunded
    expect((await erc20Balance(chainId, usdc, stranger.address)) - before).toBe(amount)
  })

  it('refuses a second escrow under the same nonce and a release without the attestation of its fill', async () => {
    const amount = parseUnits('10', 6)
    const { usdc, mandate } = await escrowed(2n, amount)
    await asOperator(chainId, usdc, mintAbi, 'mint', [stranger.address, amount])
    await send(chainId, stranger, usdc, erc20Abi, 'approve', [ACROSS, amount])
    await expect(
      simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'escrowFromAccount', [
        2n,
        [{ token: usdc, amount }],
        mandate,
      ]),
    ).rejects.toThrow(/already escrowed/)
    // An attestation of some other fill (another mandate) pays nothing.
    const delivered = [{ token: token(8453, 'USDC'), amount: amount - 1_000n }]
    const other = await attest({
      sponsor: stranger.address,
      nonce: 2n,
      recipient: stranger.address,
      delivered,
      destinationChainId: 8453n,
      mandateHashes: [`0x${'11'.repeat(32)}`],
    })
    await expect(
      simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'release', [
        stranger.address,
        2n,
        mandate,
        other.attestation,
        other.signature,
      ]),
    ).rejects.toThrow(/Arbiter:/)
    // The attestation of its own fill pays the filler it names.
    const hash = hashStruct({ types: compactTypes, primaryType: 'Mandate', data: mandate })
    const proof = await attest({
      sponsor: stranger.address,
      nonce: 2n,
      recipient: stranger.address,
      delivered,
      destinationChainId: 8453n,
      mandateHashes: [hash],
    })
    const before = await erc20Balance(chainId, usdc, fillerAccount.address)
    await send(chainId, stranger, ACROSS, arbiterAbi, 'release', [
      stranger.address,
      2n,
      mandate,
      proof.attestation,
      proof.signature,
    ])
    expect((await erc20Balance(chainId, usdc, fillerAccount.address)) - before).toBe(amount)
    expect((await escrowState(stranger.address, 2n))[0]).toBe(2) // released
  })

  it('holds native ETH sent as the call’s value, exactly the native total; pays it out as ETH', async () => {
    const amount = parseEther('0.3')
    const client = clients[chainId]!
    const mandate = await nativeMandate(amount)
    const tokens = [{ token: zeroAddress, amount }]
    // Less or more than the native total is refused: nothing is held on a promise.
    for (const value of [0n, amount - 1n, amount + 1n]) {
      await expect(
        simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'escrowFromAccount', [3n, tokens, mandate], value),
      ).rejects.toThrow(/msg.value is not the native total/)
    }
    // Native value sent with an ERC-20-only escrow is refused too (it would be stranded).
    const usdc = token(chainId, 'USDC')
    await asOperator(chainId, usdc, mintAbi, 'mint', [stranger.address, 1n])
    await send(chainId, stranger, usdc, erc20Abi, 'approve', [ACROSS, 1n])
    await expect(
      simulate(
        chainId,
        stranger.address,
        ACROSS,
        arbiterAbi,
        'escrowFromAccount',
        [3n, [{ token: usdc, amount: 1n }], mandate],
        1n,
      ),
    ).rejects.toThrow(/msg.value is not the native total/)
    const arbiterBefore = await client.getBalance({ address: ACROSS })
    await send(chainId, stranger, ACROSS, arbiterAbi, 'escrowFromAccount', [3n, tokens, mandate], amount)
    expect((await escrowState(stranger.address, 3n))[0]).toBe(1)
    expect((await client.getBalance({ address: ACROSS })) - arbiterBefore).toBe(amount)
    // Released against the attestation of its fill: the filler it names receives the ETH.
    const hash = hashStruct({ types: compactTypes, primaryType: 'Mandate', data: mandate })
    const proof = await attest({
      sponsor: stranger.address,
      nonce: 3n,
      recipient: stranger.address,
      delivered: [{ token: zeroAddress, amount: amount - 1_000n }],
      destinationChainId: 8453n,
      mandateHashes: [hash],
    })
    const fillerBefore = await client.getBalance({ address: fillerAccount.address })
    await send(chainId, stranger, ACROSS, arbiterAbi, 'release', [
      stranger.address,
      3n,
      mandate,
      proof.attestation,
      proof.signature,
    ])
    expect((await client.getBalance({ address: fillerAccount.address })) - fillerBefore).toBe(amount)
    expect((await escrowState(stranger.address, 3n))[0]).toBe(2)
    expect((await client.getBalance({ address: ACROSS })) - arbiterBefore).toBe(0n)
  })

  it('returns a native escrow to the account as ETH', async () => {
    const amount = parseEther('0.2')
    const client = clients[chainId]!
    await escrowNative(4n, amount)
    const before = await client.getBalance({ address: stranger.address })
    await send(chainId, secondFillerAccount, ACROSS, arbiterAbi, 'returnEscrow', [stranger.address, 4n])
    expect((await client.getBalance({ address: stranger.address })) - before).toBe(amount)
    expect((await escrowState(stranger.address, 4n))[0]).toBe(3)
  })

  it('holds a native refund an account refuses, for the account to withdraw anywhere', async () => {
    const amount = parseEther('0.1')
    const client = clients[chainId]!
    await escrowNative(5n, amount)
    // The account now delegates (EIP-7702) to code that reverts on everything, ETH included.
    const refuser = '0x00000000000000000000000000000000000fe5e5' as const
    await client.setCode({ address: refuser, bytecode: '0x60006000fd' })
    await client.setCode({ address: stranger.address, bytecode: concat(['0xef0100', refuser]) })
    try {
      await expect(
        client.sendTransaction({ account: fillerAccount, to: stranger.address, value: 1n, chain: client.chain }),
      ).rejects.toThrow()
      const before = await client.getBalance({ address: stranger.address })
      // The return goes through all the same: the escrow is closed, the ETH kept for the account.
      await send(chainId, secondFillerAccount, ACROSS, arbiterAbi, 'returnEscrow', [stranger.address, 5n])
      expect((await escrowState(stranger.address, 5n))[0]).toBe(3)
      expect(await client.getBalance({ address: stranger.address })).toBe(before)
      const owed = () =>
        client.readContract({ address: ACROSS, abi: arbiterAbi, functionName: 'owedNative', args: [stranger.address] })
      expect(await owed()).toBe(amount)
      // Only the account withdraws it, to an address of its choosing.
      const elsewhere = '0x000000000000000000000000000000000000bEEF' as const
      await expect(
        simulate(chainId, fillerAccount.address, ACROSS, arbiterAbi, 'withdrawNative', [fillerAccount.address]),
      ).rejects.toThrow(/nothing owed/)
      const elsewhereBefore = await client.getBalance({ address: elsewhere })
      await send(chainId, stranger, ACROSS, arbiterAbi, 'withdrawNative', [elsewhere])
      expect((await client.getBalance({ address: elsewhere })) - elsewhereBefore).toBe(amount)
      expect(await owed()).toBe(0n)
    } finally {
      await client.setCode({ address: stranger.address, bytecode: '0x' })
    }
  })
})
