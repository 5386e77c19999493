'use client'
// Advanced, folded away: which account pays (wallet, smart account, 7702), where the funds may
// come from, the account's address and type, calls on arrival, options, and the request itself as
// JSON or curl. It opens itself when a field inside needs attention.
import { AccountPicker } from '@/components/route/AccountPicker'
import type { RouteFormState } from '@/lib/ui/route/useRouteForm'
import { AccountFields } from './AccountFields'
import { Disclosure } from './Disclosure'
import { ExecutionFields } from './ExecutionFields'
import { FromFields } from './FromFields'
import { OptionFields } from './OptionFields'
import { RequestPreview } from './RequestPreview'
import { SourceFields } from './SourceFields'

export type AdvancedFieldsProps = {
  state: RouteFormState
  /** Whether a field under this path prefix has a problem to show. */
  openGroup: (prefix: string) => boolean
}

export function AdvancedFields({ state, openGroup }: AdvancedFieldsProps) {
  const { form, built } = state
  const calls = form.executions.length
  const attention = ['account', 'accountAccessList', 'destinationExecutions', 'destinationGasUnits', 'options'].some(
    openGroup,
  )
  return (
    <Disclosure title="Advanced" summary={advancedSummary(form)} forceOpen={attention} testId="advanced">
      <AccountPicker state={state} />
      <FromFields state={state} />
      <AccountFields state={state} />
      <Disclosure
        title="Calls on arrival"
        summary={calls ? `${calls} call${calls === 1 ? '' : 's'}` : 'none'}
        forceOpen={openGroup('destinationExecutions') || openGroup('destinationGasUnits')}
      >
        <ExecutionFields state={state} />
      </Disclosure>
      <Disclosure
        title="Which funds to use"
        summary={accessSummary(form.access)}
        forceOpen={openGroup('accountAccessList')}
      >
        <SourceFields state={state} />
      </Disclosure>
      <Disclosure
        title="Options"
        summary={form.settlementLayers.length ? form.settlementLayers.join(', ') : 'any layer'}
        forceOpen={openGroup('options')}
      >
        <OptionFields state={state} />
      </Disclosure>
      <RequestPreview built={built} />
    </Disclosure>
  )
}

function advancedSummary(form: RouteFormState['form']): string {
  const account = form.accountSetup ? 'smart account' : 'wallet'
  const sources = form.access.chainIds.length + form.access.tokens.length > 0 ? 'chosen sources' : 'any source'
  return `${account}, ${sources}${form.executions.length ? ', calls' : ''}`
}

function accessSummary(access: {
  chainIds: number[]
  tokens: string[]
  excludeChainIds: number[]
  excludeTokens: string[]
}): string {
  const n = access.chainIds.length + access.tokens.length + access.excludeChainIds.length + access.excludeTokens.length
  return n === 0 ? 'all chains and tokens' : `${n} rule${n === 1 ? '' : 's'}`
}
