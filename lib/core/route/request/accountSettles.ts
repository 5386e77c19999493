// What the filler can do for an account, checked at quote time so that a route it cannot settle
// is refused here (422 naming the field and the reason) and never quoted, then refused at submit:
// - `setupOps` it can run: one Nexus 1.2.0 factory `createAccount` (the client's default account,
//   deployed where it has no code), one Safe proxy factory `createProxyWithNonce` that sets up a
//   Safe 1.4.1 with the Safe7579 adapter, or one EIP-7702 `initializeAccount` on the account
//   itself after delegating it to the Nexus implementation; nothing else (Kernel, Startale: not
//   served);
// - calls (`destinationExecutions`, `preClaimExecutions`) run as the account that signed them,
//   through its intent executor, so the account must have that executor installed (or install it
//   with its setupOps);
// (An account that is not deployed yet cannot give the Permit2 approval or wrap a route needs:
// refused with the route's token requirements, build/tokenRequirements.ts.)
import { type Hex, isAddressEqual, size } from 'viem'
import { type AccountSetup, accountSetup, nexus } from '../../accounts/smartAccounts'
import { fieldError } from '../../errors'
import type { RouteInput } from '../routeInput'
import type { RouteState } from '../state/readRouteState'

/** Gas the filler spends on an account's setupOps (the proxy, its validator and the executor installed), charged per
 * chain it deploys on; measured against the devnet contracts by lib/devnet/smartAccounts.integration.test.ts. */
export const SETUP_GAS: Record<AccountSetup['kind'], bigint> = {
  'nexus-factory': 350_000n,
  'eip7702-init': 350_000n,
  'safe-factory': 500_000n,
}

const hasCode = (code: Hex | undefined) => code !== undefined && code !== '0x'
const unprocessable = (field: string, message: string) =>
  fieldError('unprocessable', field, message, {}, { code: 'UNSETTLEABLE' })

export type AccountPlan = {
  setup: AccountSetup | undefined
  /** Chains where the filler must run the account's setupOps before anything else. */
  needsSetup: (chainId: number) => boolean
  /** Gas the filler spends on setupOps where the route touches these chains (its elements' and the destination):
   * charged with the destination calls' gas. */
  setupGas: (chainIds: Iterable<number>) => bigint
  /** Calldata bytes of one setup transaction (the setupOps' call, and an EIP-7702 authorization). */
  setupBytes: number
}

/** Before planning: what the filler will do for the account, refusing what it cannot run. */
export function checkAccount(input: RouteInput, preClaimChains: readonly number[], state: RouteState): AccountPlan {
  const plan = accountPlan(input, state)
  assertAccountRuns(input, plan, preClaimChains, state)
  return plan
}

function accountPlan(input: RouteInput, state: RouteState): AccountPlan {
  const account = input.account
  const setup = account.setupOps.length > 0 ? accountSetup(account.address, account.setupOps) : undefined
  const codeOn = (chainId: number) => state.chains.get(chainId)?.accountCode
  // The filler can delegate an EOA (EIP-7702) only to the Nexus implementation: with any other
  // delegate nothing checks its signatures after the delegation. A delegation already in place is
  // left as it is.
  for (const c of state.chains.values()) {
    const key = account.delegations[String(c.chainId)] ? String(c.chainId) : '0'
    const contract = account.delegations[key]?.contract
    if (!contract || isAddressEqual(contract, nexus.implementation)) continue
    if (c.accountCode?.toLowerCase() === `0xef0100${contract.slice(2).toLowerCase()}`) continue
    const message =
      `account.delegations.${key}: this deployment delegates accounts (EIP-7702) to the Nexus 1.2.0 implementation ` +
      `${nexus.implementation} only, not to ${contract}`
    throw unprocessable(`account.delegations.${key}`, message)
  }
  const needsSetup = (chainId: number) => account.setupOps.length > 0 && !hasCode(codeOn(chainId))
  // The filler deploys an undeployed account on every chain the intent touches (the destination,
  // where its calls run, and each source chain): that gas is charged for each of them.
  const setupGas = (chainIds: Iterable<number>) =>
    setup ? SETUP_GAS[setup.kind] * BigInt(new Set([...chainIds].filter(needsSetup)).size) : 0n
  // The setup call's data, and an authorization's 100 bytes or so for an EIP-7702 delegation.
  const setupBytes = setup ? size(setup.data) + (setup.kind === 'eip7702-init' ? 100 : 0) : 0
  return { setup, needsSetup, setupGas, setupBytes }
}

/** The setupOps and the calls the route would carry. */
function assertAccountRuns(
  input: RouteInput,
  plan: AccountPlan,
  preClaimChains: readonly number[],
  state: RouteState,
): void {
  const account = input.account.address
  if (input.account.setupOps.length > 0 && !plan.setup) {
    const message =
      'account.setupOps: this deployment runs only the setupOps @rhinestone/sdk builds for Nexus 1.2.0 (one ' +
      'createAccount call on its factory, or one EIP-7702 initializeAccount call on the account) and for Safe ' +
      '1.4.1 with the Safe7579 adapter (one createProxyWithNonce call on the Safe proxy factory, installing ' +
      'validators and executors only); Kernel and Startale accounts are not served'
    throw unprocessable('account.setupOps', message)
  }
  const runs = (chainId: number, field: string) => {
    const code = state.chains.get(chainId)?.accountCode
    if (!hasCode(code)) {
      if (plan.setup) return
      const message =
        `${field}: ${account} has no code on chain ${chainId} and no setupOps that deploy it, so nothing can run ` +
        "calls as it there; send tokens only, or send the account's setupOps"
      throw unprocessable(field, message)
    }
    if (!state.chains.get(chainId)?.executorInstalled) {
      const message =
        `${field}: ${account} does not have the intent executor ${nexus.intentExecutor} installed on chain ` +
        `${chainId}, which runs an intent's calls as the account`
      throw unprocessable(field, message)
    }
  }
  if (input.destinationExecutions.length > 0) {
    const recipient = input.recipient?.address
    if (recipient && !isAddressEqual(recipient, account)) {
      const message =
        `destinationExecutions: the calls run as the account that signs them (${account}), through its intent ` +
        `executor, and the recipient ${recipient} is another address; omit the recipient or send tokens only`
      throw unprocessable('destinationExecutions', message)
    }
    runs(input.destinationChainId, 'destinationExecutions')
  }
  for (const chainId of preClaimChains) runs(chainId, `preClaimExecutions.${chainId}`)
}
