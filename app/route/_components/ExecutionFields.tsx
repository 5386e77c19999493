'use client'
// Calls to run on the destination chain once the tokens arrive (to, value in wei, calldata), and
// the gas they may use. Each field is checked as it is typed.
import { buttonStyles } from '@/components/buttonStyles'
import { FormField } from '@/components/FormField'
import { type ExecutionDraft, emptyExecution, emptyTokenRequest, formLimits } from '@/lib/ui/route/routeForm'
import type { RouteFormState } from '@/lib/ui/route/useRouteForm'

export function ExecutionFields({ state }: { state: RouteFormState }) {
  const { form, update, errorFor } = state
  const setCall = (i: number, field: keyof ExecutionDraft & string, value: string) =>
    update([`destinationExecutions.${i}.${field}`], (f) => ({
      ...f,
      executions: f.executions.map((e, j) => (j === i ? { ...e, [field]: value } : e)),
    }))
  return (
    <>
      {form.executions.length === 0 && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">None: the tokens are simply delivered.</p>
      )}
      {form.executions.map((e, i) => (
        <fieldset
          key={e.key}
          className="grid gap-3 rounded-lg border border-zinc-200 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] dark:border-zinc-800"
          data-call={i}
        >
          <legend className="px-1 text-sm font-medium">Call {i + 1}</legend>
          <FormField label="To" error={errorFor(`destinationExecutions.${i}.to`)}>
            {(p) => (
              <input
                {...p}
                className={`${p.className} font-mono`}
                autoComplete="off"
                spellCheck={false}
                placeholder="0x…"
                value={e.to}
                onChange={(ev) => setCall(i, 'to', ev.target.value)}
              />
            )}
          </FormField>
          <FormField label="Value (wei)" error={errorFor(`destinationExecutions.${i}.value`)}>
            {(p) => (
              <input
                {...p}
                className={`${p.className} font-mono`}
                inputMode="numeric"
                autoComplete="off"
                value={e.value}
                onChange={(ev) => setCall(i, 'value', ev.target.value)}
              />
            )}
          </FormField>
          <FormField
            label="Data (hex)"
            className="sm:col-span-2"
            error={errorFor(`destinationExecutions.${i}.data`)}
            help="Calldata, 0x-prefixed; 0x for a plain transfer of value."
          >
            {(p) => (
              <textarea
                {...p}
                className={`${p.className} font-mono`}
                rows={2}
                spellCheck={false}
                value={e.data}
                onChange={(ev) => setCall(i, 'data', ev.target.value)}
              />
            )}
          </FormField>
          <button
            type="button"
            className={`${buttonStyles.quiet} justify-self-start sm:col-span-2`}
            onClick={() =>
              update([], (f) => {
                const executions = f.executions.filter((_, j) => j !== i)
                // With no call left, a call-only action asks for a token again.
                const none = executions.length === 0 && f.tokenRequests.length === 0
                return {
                  ...f,
                  executions,
                  tokenRequests: none ? [emptyTokenRequest(f.destinationChainId)] : f.tokenRequests,
                }
              })
            }
          >
            Remove call {i + 1}
          </button>
        </fieldset>
      ))}
      {form.executions.length > 0 && (
        <label className="flex items-center gap-2 text-sm" data-testid="calls-only">
          <input
            type="checkbox"
            checked={form.tokenRequests.length === 0}
            onChange={(e) =>
              update(['tokenRequests'], (f) => ({
                ...f,
                tokenRequests: e.target.checked ? [] : [emptyTokenRequest(f.destinationChainId)],
              }))
            }
          />
          Send no tokens: only run these calls (a call-only action)
        </label>
      )}
      {form.executions.length < formLimits.executions && (
        <button
          type="button"
          className={`${buttonStyles.secondary} justify-self-start`}
          onClick={() => update([], (f) => ({ ...f, executions: [...f.executions, emptyExecution()] }))}
        >
          Add a call
        </button>
      )}
      <FormField
        label="Destination gas units"
        error={errorFor('destinationGasUnits')}
        help="Gas the calls may use. Empty: 60,000 per call plus 16 per calldata byte."
      >
        {(p) => (
          <input
            {...p}
            inputMode="numeric"
            autoComplete="off"
            placeholder="estimate"
            value={form.destinationGasUnits}
            onChange={(e) => update(['destinationGasUnits'], (f) => ({ ...f, destinationGasUnits: e.target.value }))}
          />
        )}
      </FormField>
    </>
  )
}
