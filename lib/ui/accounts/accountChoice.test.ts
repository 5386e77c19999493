import { decodeFunctionData, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import * as requestCheck from '../../api/routeRequest'
import { lockContractAbi } from '../../core/abi/theCompact'
import { nexusDeployment, nexusEip7702InitTypedData } from '../../core/accounts/nexusAccount'
import { nexus } from '../../core/accounts/smartAccounts'
import { addresses } from '../../core/addresses'
import { initialRouteForm } from '../route/routeForm'
import { routeRequestBody } from '../route/routeRequestBody'
import { currentChoice, fundingTransactions, withAccountChoice } from './accountChoice'

const owner = privateKeyToAccount(generatePrivateKey())
const form = {
  ...initialRouteForm(owner.address),
  tokenRequests: [{ ...initialRouteForm().tokenRequests[0]!, amount: '10' }],
}

describe('withAccountChoice: the request carries the account as the SDK sends it', () => {
  it('the wallet itself: an EOA with no setupOps', () => {
    const f = withAccountChoice(form, 'eoa', owner.address)
    expect(currentChoice(f, owner.address)).toBe('eoa')
    expect(routeRequestBody(f, requestCheck).body.account).toEqual({ address: owner.address, accountType: 'EOA' })
  })

  it('a Nexus smart account: its SDK address, type ERC7579 and the factory call as setupOps', () => {
    const f = withAccountChoice(form, 'nexus', owner.address)
    const d = nexusDeployment(owner.address)
    expect(currentChoice(f, owner.address)).toBe('nexus')
    expect(routeRequestBody(f, requestCheck).body.account).toEqual({
      address: d.address,
      accountType: 'ERC7579',
      setupOps: [d.setupOp],
    })
    expect(routeRequestBody(f, requestCheck).errors).toEqual({})
  })

  it('an EOA with 7702: its own address, initializeAccount on itself and the Nexus delegation', async () => {
    const signature = await owner.signTypedData(nexusEip7702InitTypedData(owner.address))
    const f = withAccountChoice(form, 'eip7702', owner.address, signature)
    expect(currentChoice(f, owner.address)).toBe('eip7702')
    const account = routeRequestBody(f, requestCheck).body.account
    expect(account.address).toBe(owner.address)
    expect(account.setupOps?.[0]?.to).toBe(owner.address)
    expect(account.delegations).toEqual({ '0': { contract: nexus.implementation } })
    expect(() => withAccountChoice(form, 'eip7702', owner.address)).toThrow(/signature/)
  })

  it('drops the setupOps once the account is edited by hand', () => {
    const f = {
      ...withAccountChoice(form, 'nexus', owner.address),
      account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    }
    expect(currentChoice(f, owner.address)).toBeUndefined()
    expect(routeRequestBody(f, requestCheck).body.account.setupOps).toBeUndefined()
  })
})

describe('fundingTransactions', () => {
  it('approves The Compact when the allowance is short, then deposits for the smart account under the default lock tag', () => {
    const account = nexusDeployment(owner.address).address
    const txs = fundingTransactions(account, 8453, '50', 0n)
    expect(txs.map((t) => t.chainId)).toEqual([8453, 8453])
    const deposit = decodeFunctionData({ abi: lockContractAbi, data: txs[1]!.data as Hex })
    expect(txs[1]!.to).toBe(addresses.theCompact)
    expect(deposit.functionName).toBe('depositERC20')
    expect(deposit.args.slice(2)).toEqual([50_000_000n, account])
    expect(fundingTransactions(account, 8453, '50', 50_000_000n)).toHaveLength(1)
  })
})
