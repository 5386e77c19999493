// Chain and token marks, drawn locally (public/icons/): no network, no third-party image hosts.
// Decorative: the name always stands beside them, so they carry no alt text.
import { getChain } from '@/lib/core/chains/chains'

const tokenIcons = new Set(['eth', 'weth', 'usdc', 'usdt', 'usdt0'])

export function ChainIcon({ chainId, size = 16 }: { chainId: number; size?: number }) {
  const icon = getChain(chainId)?.icon
  if (!icon) return null
  return <img src={icon} alt="" width={size} height={size} className="inline-block shrink-0 align-[-0.125em]" />
}

export function TokenIcon({ symbol, size = 16 }: { symbol: string; size?: number }) {
  const name = symbol.toLowerCase()
  if (!tokenIcons.has(name)) return null
  return (
    <img
      src={`/icons/tokens/${name}.svg`}
      alt=""
      width={size}
      height={size}
      className="inline-block shrink-0 align-[-0.125em]"
    />
  )
}
