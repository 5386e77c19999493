// A stand-in browser wallet extension: an EIP-1193 provider announced over EIP-6963, installed
// before the page's scripts run. It holds one account and answers what wagmi's injected connector asks.
import type { Page } from '@playwright/test'

export const fakeWalletAddress = '0x1111111111111111111111111111111111111111'

export async function installFakeWallet(page: Page): Promise<void> {
  await page.addInitScript((address) => {
    const listeners = new Map<string, Set<(value: unknown) => void>>()
    let chainId = '0x1'
    // Like a real wallet: no accounts before the page asks and the user agrees; the grant outlives a reload.
    const granted = 'fake-wallet-permitted'
    const permit = () => sessionStorage.setItem(granted, '1')
    const emit = (event: string, value: unknown) => {
      for (const l of listeners.get(event) ?? []) l(value)
    }
    const provider = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        switch (method) {
          case 'eth_accounts':
            return sessionStorage.getItem(granted) ? [address] : []
          case 'eth_requestAccounts':
            permit()
            return [address]
          case 'wallet_requestPermissions':
            permit()
            return [
              { parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [address] }] },
            ]
          case 'eth_chainId':
            return chainId
          case 'wallet_switchEthereumChain':
            chainId = (params as [{ chainId: string }])[0].chainId
            emit('chainChanged', chainId)
            return null
          default:
            throw Object.assign(new Error(`fake wallet: ${method} is not supported`), { code: 4200 })
        }
      },
      on(event: string, listener: (value: unknown) => void) {
        listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
      },
      removeListener(event: string, listener: (value: unknown) => void) {
        listeners.get(event)?.delete(listener)
      },
    }
    const info = {
      uuid: '0b1e7a1e-0000-4000-8000-000000000001',
      name: 'Test Wallet',
      icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
      rdns: 'org.example.testwallet',
    }
    const announce = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  }, fakeWalletAddress)
}
