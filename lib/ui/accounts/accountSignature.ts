// A smart account's route signature before it is submitted: the owner's ECDSA signature over the
// route's typed data, packed as the client packs it for Nexus (validator ‖ signature), then checked
// the way the service checks it — the account's ERC-1271 where it has code, else ERC-6492 (its
// setupOps simulated first; for a 7702 EOA with its delegation as a state override).
import { type Address, concatHex, type Hex, isAddressEqual, type PublicClient, recoverTypedDataAddress } from 'viem'
import { packNexusSignature } from '../../core/accounts/nexusAccount'
import type { RouteTypedData } from '../../core/intentOp/typedData'
import type { RouteAccount } from './routeAccount'

export type AccountSignatureCheck = { signature: Hex; signer?: Address; verified: boolean }

type Verifier = Pick<PublicClient, 'getCode' | 'verifyTypedData'>

/** What is submitted for `raw` (the wallet's signature), and whether it passes as the account's. */
export async function checkAccountSignature(
  account: RouteAccount,
  typedData: RouteTypedData,
  raw: Hex,
  client: Verifier | undefined,
): Promise<AccountSignatureCheck> {
  const signer = await recoverTypedDataAddress({ ...typedData, signature: raw } as Parameters<
    typeof recoverTypedDataAddress
  >[0]).catch(() => undefined)
  const recovers = signer !== undefined && isAddressEqual(signer, account.signer)
  if (account.kind === 'eoa') return { signature: raw, ...(signer ? { signer } : {}), verified: recovers }
  const signature = packNexusSignature(raw)
  if (!recovers || !client) return { signature, ...(signer ? { signer } : {}), verified: false }
  const verify = client.verifyTypedData as (p: Record<string, unknown>) => Promise<boolean>
  const code = await client.getCode({ address: account.address })
  const deployed = code !== undefined && code !== '0x'
  const base = { ...typedData, address: account.address, signature }
  const verified = await (deployed
    ? verify(base)
    : account.kind === 'nexus'
      ? verify({ ...base, factory: account.setupOp.to, factoryData: account.setupOp.data })
      : account.delegate
        ? verify({
            ...base,
            factory: account.setupOp.to,
            factoryData: account.setupOp.data,
            stateOverride: [{ address: account.address, code: concatHex(['0xef0100', account.delegate]) }],
          })
        : Promise.resolve(false)
  ).catch(() => false)
  return { signature, ...(signer ? { signer } : {}), verified }
}
