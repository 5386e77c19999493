// The intent executor's guarded entry, as the filler relays single-chain ops: whatever code answers
// as the account (here one that claims every module and signature and runs nothing), the relay
// reverts unless the ops paid the filler its fee and spent the prefund it handed over.
import { createRequire } from 'node:module'
import { encodeFunctionData, erc20Abi, type Hex, pad, parseEther, parseUnits, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { intentExecutorAbi } from '../core/abi/intentExecutor'
import { addresses } from '../core/addresses'
import { singleChainOpsData, toSingleChainOp } from '../core/route/ops'
import { fillerAccount, operatorAddress } from './demoAccount'
import { asOperator, clients, erc20Balance, send, simulate, token, withDevnet } from './settlementHarness'

withDevnet()

/** An "account" that answers yes to everything the executor asks and does nothing it is told. */
const HOSTILE = `
pragma solidity ^0.8.24;
contract Hostile {
    function isModuleInstalled(uint256, address, bytes calldata) external pure returns (bool) { return true; }
    function isValidSignature(bytes32, bytes calldata) external pure returns (bytes4) { return 0x1626ba7e; }
    function executeFromExecutor(bytes32, bytes calldata) external payable returns (bytes[] memory r) {}
    receive() external payable {}
}`

function hostileRuntime(): Hex {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string }
  const input = {
    language: 'Solidity',
    sources: { 'Hostile.sol': { content: HOSTILE } },
    settings: { outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } } },
  }
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as {
    contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>>
  }
  return `0x${out.contracts['Hostile.sol']?.Hostile?.evm.deployedBytecode.object ?? ''}`
}

describe('the relayer-guarded single-chain entry', () => {
  it('reverts when the ops did not pay the filler or kept the prefund; the unguarded entry would not', async () => {
    const chainId = 8453
    const hostile = pad('0xbad0', { size: 20 })
    await clients[chainId]!.setCode({ address: hostile, bytecode: hostileRuntime() })
    const usdc = token(chainId, 'USDC')
    const fee = parseUnits('1', 6)
    await asOperator(
      chainId,
      usdc,
      [
        {
          type: 'function',
          name: 'mint',
          stateMutability: 'nonpayable',
          inputs: [{ type: 'address' }, { type: 'uint256' }],
          outputs: [],
        },
      ],
      'mint',
      [hostile, fee * 10n],
    )
    const feeOp = toSingleChainOp([
      {
        to: usdc,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [fillerAccount.address, fee] }),
      },
    ])
    const signedOps = (nonce: bigint) => ({
      account: hostile,
      nonce,
      ops: { data: singleChainOpsData(feeOp) },
      signature: '0x' as Hex,
    })
    const executor = addresses.intentExecutor
    const before = await erc20Balance(chainId, usdc, fillerAccount.address)

    // The fee op "ran" (the account said so) but nothing arrived: not paid.
    const terms = { feeToken: usdc, fee }
    await expect(
      simulate(chainId, fillerAccount.address, executor, intentExecutorAbi, 'executeSinglechainOpsFor', [
        signedOps(1n),
        terms,
      ]),
    ).rejects.toThrow(/relayer not paid/)
    // LayerZero's fee handed to it, kept: refused even when no token fee is owed.
    const prefund = parseEther('0.001')
    await expect(
      simulate(
        chainId,
        fillerAccount.address,
        executor,
        intentExecutorAbi,
        'executeSinglechainOpsFor',
        [signedOps(2n), { feeToken: zeroAddress, fee: 0n }],
        prefund,
      ),
    ).rejects.toThrow(/prefund kept by the account/)
    // Why the filler never uses the unguarded entry: it "succeeds" and pays nothing.
    await send(chainId, fillerAccount, executor, intentExecutorAbi, 'executeSinglechainOps', [signedOps(3n)])
    expect(await erc20Balance(chainId, usdc, fillerAccount.address)).toBe(before)
    expect(operatorAddress).not.toBe(fillerAccount.address)
  })
})
