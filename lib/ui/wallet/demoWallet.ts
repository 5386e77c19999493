// A wallet for the devnet's demo account. Every devnet node holds that account's key, so the wallet
// keeps no key: it answers account and chain questions itself and forwards everything else
// (eth_signTypedData_v4, personal_sign, eth_sendTransaction, reads) to the node of the selected chain.
import {
  type Address,
  ChainDisconnectedError,
  type EIP1193RequestFn,
  getAddress,
  http,
  isAddress,
  isAddressEqual,
  numberToHex,
  SwitchChainError,
  UnauthorizedProviderError,
} from 'viem'
import { createConnector } from 'wagmi'
import { demoAddress } from '../../core/accounts/demoAddress'

export type DemoWalletParameters = {
  /** The devnet node of each chain, by chain id. */
  rpcUrls: Partial<Record<number, string>>
  address?: Address
  /** Where the devnet signs the demo account's EIP-7702 authorizations (a node cannot): the app's /api/demo-wallet/authorization. */
  authorizationUrl?: string
  fetchFn?: typeof fetch
}

/** `wallet_signAuthorization`'s one parameter: what the wallet is asked to sign. */
export type AuthorizationRequest = { chainId: number; contractAddress: Address; nonce: number }
export const signAuthorizationMethod = 'wallet_signAuthorization'

export type DemoWalletProvider = { request: EIP1193RequestFn }

type StorageItem = { 'demoWallet.connected': true; 'demoWallet.chainId': number }

// Methods whose parameters name the signing account; the wallet signs only for its own.
const signerParam: Record<string, (params: readonly unknown[]) => unknown> = {
  eth_sendTransaction: (p) => (p[0] as { from?: unknown } | undefined)?.from,
  eth_signTransaction: (p) => (p[0] as { from?: unknown } | undefined)?.from,
  eth_signTypedData_v4: (p) => p[0],
  eth_sign: (p) => p[0],
  personal_sign: (p) => p[1],
}

demoWallet.type = 'demoWallet' as const
export function demoWallet({
  rpcUrls,
  address = demoAddress,
  authorizationUrl,
  fetchFn = (...a) => fetch(...a),
}: DemoWalletParameters) {
  const nodes = new Map(
    Object.entries(rpcUrls).flatMap(([id, url]) =>
      url ? [[Number(id), http(url, { retryCount: 0 })({}).request] as const] : [],
    ),
  )

  return createConnector<DemoWalletProvider, Record<string, unknown>, StorageItem>((config) => {
    let chainId: number | undefined // the selected chain; kept in storage too, for a reload
    const servedChains = config.chains.filter((c) => nodes.has(c.id))
    const firstChainId = () => servedChains[0]?.id ?? config.chains[0].id

    const provider: DemoWalletProvider = {
      request: (async ({ method, params }: { method: string; params?: unknown }) => {
        const list = (Array.isArray(params) ? params : []) as readonly unknown[]
        const current = chainId ?? firstChainId()
        if (method === 'eth_chainId') return numberToHex(current)
        if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [address]
        if (method === 'wallet_switchEthereumChain') {
          await switchTo(Number(BigInt((list[0] as { chainId: string }).chainId)))
          return null
        }
        if (method === signAuthorizationMethod) return signAuthorization(list[0] as AuthorizationRequest)
        const signer = signerParam[method]?.(list)
        if (signer !== undefined && !isOwnAddress(signer, address)) {
          throw new UnauthorizedProviderError(new Error(`The demo wallet signs only for ${address}`))
        }
        const forward = nodes.get(current)
        if (!forward) throw new ChainDisconnectedError(new Error(`No devnet node for chain ${current}`))
        // Fill in `from` so a transaction without one is sent by the demo account, not the node's first.
        const forwarded = method === 'eth_sendTransaction' ? [{ ...(list[0] as object), from: address }] : list
        return forward({ method, params: forwarded } as never)
      }) as EIP1193RequestFn,
    }

    /** An EIP-7702 authorization for the demo account, signed by the devnet's demo signer. */
    async function signAuthorization(request: AuthorizationRequest) {
      if (!authorizationUrl)
        throw new UnauthorizedProviderError(new Error('This demo wallet has no authorization signer'))
      const res = await fetchFn(authorizationUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          chainId: request.chainId,
          contractAddress: request.contractAddress,
          nonce: request.nonce,
        }),
      })
      const body = (await res.json()) as { message?: string }
      if (!res.ok)
        throw new UnauthorizedProviderError(new Error(body.message ?? `The demo signer answered ${res.status}`))
      return body
    }

    async function switchTo(id: number) {
      const chain = config.chains.find((c) => c.id === id)
      if (!nodes.has(id) || !chain) {
        throw new SwitchChainError(new Error(`The demo wallet has no devnet node for chain ${id}`))
      }
      chainId = id
      await config.storage?.setItem('demoWallet.chainId', id)
      config.emitter.emit('change', { chainId: id })
      return chain
    }

    return {
      id: 'demoWallet',
      name: 'Demo wallet',
      type: demoWallet.type,
      async connect({ chainId: wanted, withCapabilities } = {}) {
        const stored = await config.storage?.getItem('demoWallet.chainId')
        const pick = [wanted, chainId, stored].find((id): id is number => typeof id === 'number' && nodes.has(id))
        chainId = pick ?? firstChainId()
        await config.storage?.setItem('demoWallet.connected', true)
        await config.storage?.setItem('demoWallet.chainId', chainId)
        const accounts = withCapabilities ? [{ address, capabilities: {} }] : [getAddress(address)]
        return { accounts: accounts as never, chainId }
      },
      async disconnect() {
        await config.storage?.removeItem('demoWallet.connected')
      },
      async getAccounts() {
        return [address]
      },
      async getChainId() {
        return chainId ?? firstChainId()
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        return Boolean(await config.storage?.getItem('demoWallet.connected'))
      },
      async switchChain({ chainId: id }) {
        return switchTo(id)
      },
      onAccountsChanged() {
        // The demo account never changes.
      },
      onChainChanged(id) {
        config.emitter.emit('change', { chainId: Number(id) })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}

function isOwnAddress(value: unknown, own: Address): boolean {
  return typeof value === 'string' && isAddress(value, { strict: false }) && isAddressEqual(value, own)
}
