// A contract that burns gas on demand, for the tests of destination calls: each call loops
// sload(0) + calldataload(0) times, 40 gas a turn, then stops. Slot 0 is its own state, which
// its owner can raise after a route was quoted (set here with anvil_setStorageAt).
import { type Address, type Hex, pad, toHex } from 'viem'
import { operatorAddress } from '../../lib/devnet/demoAccount'
import type { devnetActions } from './devnetActions'

/** Gas one turn of the loop costs. */
export const GAS_PER_TURN = 40n

// push1 0 sload push1 0 calldataload add; loop: jumpdest dup1 iszero push1 end jumpi push1 1 swap1 sub
// push1 loop jump; end: jumpdest stop
const runtime = '600054600035015b8015601457600190036007565b00'
const initcode = `0x6016600c60003960166000f3${runtime}` as Hex

export async function deployGasBurner(chain: ReturnType<typeof devnetActions>, chainId: number): Promise<Address> {
  const receipt = await chain.send(chainId, {
    account: operatorAddress,
    data: initcode,
    chain: chain.client(chainId).chain,
  })
  if (!receipt.contractAddress) throw new Error('the gas burner was not deployed')
  return receipt.contractAddress
}

/** The call that loops `turns` times (on top of what slot 0 says). */
export const burnCall = (burner: Address, turns: bigint) => ({
  to: burner,
  value: '0',
  data: toHex(turns, { size: 32 }),
})

/** Sets the burner's own extra turns (slot 0). */
export async function raiseBurn(
  chain: ReturnType<typeof devnetActions>,
  chainId: number,
  burner: Address,
  turns: bigint,
) {
  await chain
    .client(chainId)
    .setStorageAt({ address: burner, index: pad('0x00', { size: 32 }), value: toHex(turns, { size: 32 }) })
}
