// The devnet settlement tests' shared harness: one devnet per test file (withDevnet), clients per
// chain, the canonical arbiter addresses, and small helpers to send, simulate, read balances,
// attest fills and build elements.
import {
  type Address,
  type Chain,
  erc20Abi,
  getTypesForEIP712Domain,
  type Hex,
  hashDomain,
  pad,
  type TypedDataDomain,
} from 'viem'
import { type HDAccount, mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll } from 'vitest'
import { addresses } from '../core/addresses'
import { getChain } from '../core/chains/chains'
import type { WireElement } from '../core/intentOp/intentOp'
import { attestationTypedData, type FillAttestation } from '../core/settlement/attestation'
import { findTokenBySymbol } from '../core/tokens/tokens'
import * as artifacts from './contracts/artifacts'
import { attesterAccount, devnetMnemonic, fillerAccount, operatorAddress } from './demoAccount'
import { createDevnetClient, type DevnetClient, mined } from './devnetClient'
import { type Devnet, startDevnet } from './startDevnet'

let devnet: Devnet
export const clients: Record<number, DevnetClient> = {}

/** The devnet withDevnet() started for this file. */
export const startedDevnet = (): Devnet => devnet

/** Starts a devnet for this test file (viem only: no app, no database) and stops it after. */
export function withDevnet() {
  beforeAll(async () => {
    devnet = await startDevnet()
    for (const [chainId, url] of Object.entries(devnet.rpcUrls)) {
      clients[Number(chainId)] = createDevnetClient(url, getChain(Number(chainId))!.viem as Chain)
    }
  }, 180_000)

  afterAll(async () => {
    await devnet?.stop()
  }, 30_000)
}

export const SAME_CHAIN = '0x000000000006e2569CaF8Ff021810790e0A0D740' as const
export const ACROSS = '0xA162fabb9a0EeF2736485A587aAAB3d015e14224' as const
export const ECO = '0x2e7627CCfAe4eDb336eEb5a70f08415B0F1a2b8C' as const
/** Not the sponsor: signs where a wrong signer is needed. */
export const stranger = mnemonicToAccount(devnetMnemonic, { addressIndex: 7 })

export const permit2Errors = [
  { type: 'error', name: 'InvalidNonce', inputs: [] },
  { type: 'error', name: 'InvalidSigner', inputs: [] },
  { type: 'error', name: 'InvalidSignature', inputs: [] },
  { type: 'error', name: 'SignatureExpired', inputs: [{ name: 'signatureDeadline', type: 'uint256' }] },
] as const
export const arbiterAbi = [...artifacts.arbiter.abi, ...permit2Errors] as const
export const balanceOfAbi = erc20Abi

export const chainOf = (chainId: number) => getChain(chainId)!.viem as Chain
export const token = (chainId: number, symbol: string) => findTokenBySymbol(chainId, symbol)!.address
export const now = async (chainId: number) => (await clients[chainId]!.getBlock()).timestamp

/** A transaction signed locally by `account` (demo, filler, stranger), mined, success required. */
export async function send(
  chainId: number,
  account: HDAccount,
  address: Address,
  abi: readonly unknown[],
  functionName: string,
  args: readonly unknown[],
  value?: bigint,
) {
  const client = clients[chainId]!
  return mined(
    client,
    client.writeContract({ address, abi, functionName, args, value, account, chain: chainOf(chainId) } as never),
  )
}

/** The same call simulated (eth_call): resolves with the result or rejects with the revert reason. */
export function simulate(
  chainId: number,
  account: Address,
  address: Address,
  abi: readonly unknown[],
  functionName: string,
  args: readonly unknown[],
  value?: bigint,
) {
  return clients[chainId]!.simulateContract({ address, abi, functionName, args, value, account } as never)
}

/** Operator transactions (an unlocked anvil account). */
export function asOperator(
  chainId: number,
  address: Address,
  abi: readonly unknown[],
  functionName: string,
  args: readonly unknown[],
  value?: bigint,
) {
  const client = clients[chainId]!
  return mined(
    client,
    client.writeContract({
      address,
      abi,
      functionName,
      args,
      value,
      account: operatorAddress,
      chain: chainOf(chainId),
    } as never),
  )
}

export const erc20Balance = (chainId: number, tokenAddress: Address, owner: Address) =>
  clients[chainId]!.readContract({ address: tokenAddress, abi: balanceOfAbi, functionName: 'balanceOf', args: [owner] })
export const lockBalance = (chainId: number, owner: Address, id: bigint) =>
  clients[chainId]!.readContract({
    address: addresses.theCompact,
    abi: artifacts.resourceLocks.abi,
    functionName: 'balanceOf',
    args: [owner, id],
  })

/** viem's EIP-712 domain separator for a Permit2 domain (name, chainId, verifyingContract). */
export function permit2DomainSeparator(domain: TypedDataDomain): Hex {
  return hashDomain({ domain, types: { EIP712Domain: getTypesForEIP712Domain({ domain }) } } as Parameters<
    typeof hashDomain
  >[0])
}

/** A FillAttestation of a delivery to `recipient` on `destinationChainId`, signed by `signer` (the attester unless said). */
export async function attest(
  p: Partial<FillAttestation> &
    Pick<FillAttestation, 'sponsor' | 'nonce' | 'recipient' | 'delivered' | 'destinationChainId'>,
  signer: HDAccount = attesterAccount,
) {
  const attestation: FillAttestation = {
    filler: fillerAccount.address,
    destinationArbiter: ECO,
    fillBlock: 1n,
    fillTimestamp: 1n,
    mandateHashes: [],
    ...p,
  }
  return { attestation, signature: await signer.signTypedData(attestationTypedData(attestation)) }
}

export const emptyOp = { vt: pad('0x01', { dir: 'right', size: 32 }), ops: [] }

export function element(p: {
  arbiter: Address
  chainId: number
  idsAndAmounts: [bigint, bigint][]
  recipient: Address
  tokenOut: [Address, bigint][]
  destinationChainId: number
  fillDeadline: bigint
}): WireElement {
  const pairs = p.idsAndAmounts.map(([id, amount]): [string, string] => [id.toString(), amount.toString()])
  return {
    arbiter: p.arbiter,
    chainId: String(p.chainId),
    idsAndAmounts: pairs,
    spendTokens: pairs,
    mandate: {
      recipient: p.recipient,
      tokenOut: p.tokenOut.map(([t, amount]): [string, string] => [BigInt(t).toString(), amount.toString()]),
      destinationChainId: String(p.destinationChainId),
      fillDeadline: p.fillDeadline.toString(),
      preClaimOps: emptyOp,
      destinationOps: {
        vt: pad('0x00', { dir: 'right', size: 32 }),
        ops: [{ to: p.recipient, value: '0', data: '0xdeadbeef' }],
      },
      qualifier: {
        settlementContext: { settlementLayer: 'ACROSS', using7579: false, fundingMethod: 'COMPACT' },
        encodedVal: '0x1234',
      },
      minGas: '100000',
    },
  }
}
