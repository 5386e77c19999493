// What the account must do on chain before it signs (tokenRequirements), as wallet transactions:
// an approval is ERC-20 approve(spender, amount) on the token; a wrap (keyed by the zero address)
// is WETH deposit() carrying that much ETH as value.
// Both carry a little headroom over the route's exact amount: a refreshed route is re-priced, and
// a fee one wei higher would otherwise ask for another wrap and another approval, for ever.
import { type Address, encodeFunctionData, erc20Abi, type Hex, isAddressEqual, maxUint256, zeroAddress } from 'viem'
import type { RouteResponse } from '../../api/routeResponse'
import { wethAbi } from '../../core/abi/weth'
import { addresses } from '../../core/addresses'
import { findTokenBySymbol } from '../../core/tokens/tokens'
import { formatAmount } from '../shared/formatAmount'
import { formatTokenAmount, type TokenAmount, tokenAmount } from '../shared/tokenAmount'

export type WalletTransaction = { chainId: number; to: Address; data: Hex; value: bigint }

export type RequirementStep = {
  key: string
  kind: 'approval' | 'wrap'
  /** What the route needs: the token to approve, or the ETH to wrap. */
  amount: TokenAmount
  /** What the transaction approves or wraps: `amount` and its headroom. */
  txAmount: TokenAmount
  spender?: { address: Address; name: string }
  /** An approval of every amount (maxUint256): no approval for this token and spender again. */
  unlimited?: true
  tx: WalletTransaction
}

/** Approvals: 0.5 % over the route's amount (approving more than is held costs nothing). */
export const approvalHeadroom = (amount: bigint): bigint => amount / 200n

/** Wraps: 0.5 %, but at most 100k gas worth of ETH, so the wrap stays inside the 300k gas of ETH the
 * planner leaves the account for these transactions. */
export const wrapHeadroom = (amount: bigint, gasPrice: bigint): bigint => {
  const half = amount / 200n
  const cap = 100_000n * gasPrice
  return half < cap ? half : cap
}

/** `gasPrices`: the route's signed metadata (wei per gas, by chain id), for the wrap's headroom;
 * `unlimited`: approvals of maxUint256 instead of the route's amount and its headroom. */
export function requirementSteps(
  requirements: RouteResponse['tokenRequirements'],
  gasPrices: Record<string, string> = {},
  { unlimited = false }: { unlimited?: boolean } = {},
): RequirementStep[] {
  return Object.entries(requirements).flatMap(([chain, byToken]) => {
    const chainId = Number(chain)
    return Object.entries(byToken).map(([token, req]): RequirementStep => {
      const key = `${chainId}:${token}:${req.type}`
      if (req.type === 'wrap') {
        const weth = findTokenBySymbol(chainId, 'WETH')
        if (!weth) throw new Error(`No WETH is known on chain ${chainId}`)
        const needed = BigInt(req.amount)
        const value = needed + wrapHeadroom(needed, BigInt(gasPrices[chain] ?? '0'))
        return {
          key,
          kind: 'wrap',
          amount: tokenAmount(chainId, zeroAddress, needed),
          txAmount: tokenAmount(chainId, zeroAddress, value),
          tx: { chainId, to: weth.address, value, data: encodeFunctionData({ abi: wethAbi, functionName: 'deposit' }) },
        }
      }
      const spender = req.spender
      const needed = BigInt(req.amount)
      const amount = unlimited ? maxUint256 : needed + approvalHeadroom(needed)
      return {
        key,
        kind: 'approval',
        amount: tokenAmount(chainId, token, needed),
        txAmount: tokenAmount(chainId, token, amount),
        ...(unlimited ? { unlimited: true as const } : {}),
        spender: { address: spender, name: isAddressEqual(spender, addresses.permit2) ? 'Permit2' : 'the spender' },
        tx: {
          chainId,
          to: token as Address,
          value: 0n,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
        },
      }
    })
  })
}

/** The card's button for a step: "Approve USDC on Base", "Wrap 0.01 ETH on Base". */
export function requirementLabel(step: RequirementStep): string {
  return step.kind === 'approval'
    ? `Approve ${step.amount.symbol} on ${step.amount.chainName}`
    : `Wrap ${formatTokenAmount(step.amount)} on ${step.amount.chainName}`
}

/** Gas units a wallet transaction of this kind uses, for its cost in the card's total (ERC-20
 * approve from zero ~46k; WETH deposit ~28k): an estimate, rounded up. */
const stepGas = { approval: 50_000n, wrap: 30_000n } as const

/** What the open approvals and wraps cost in gas, in ETH wei, at the gas prices the route was priced
 * with (signedMetadata.gasPrices, wei per gas by chain id). */
export function requirementsGasWei(
  requirements: readonly RequirementStep[],
  gasPrices: Record<string, string>,
): bigint {
  return requirements.reduce((sum, r) => sum + stepGas[r.kind] * BigInt(gasPrices[String(r.amount.chainId)] ?? '0'), 0n)
}

/** The gas of the open requirements in words: "≈ 0.000012 ETH ($0.04)". */
export function formatRequirementsGas(wei: bigint, ethUsd: number | undefined): string {
  const eth = formatAmount(wei, 18, { maxFractionDigits: 6 })
  if (ethUsd === undefined) return `≈ ${eth === '0' ? '<0.000001' : eth} ETH`
  const usd = (Number(wei) / 1e18) * ethUsd
  return `≈ ${eth === '0' ? '<0.000001' : eth} ETH (${usd > 0 && usd < 0.005 ? '<$0.01' : `$${usd.toFixed(2)}`})`
}
