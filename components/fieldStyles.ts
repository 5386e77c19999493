// The few form-control looks the dashboard uses, so every input has the same focus ring and error mark.
const control =
  'w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 disabled:opacity-60 dark:bg-zinc-950'

export const fieldStyles = {
  control: (invalid: boolean) =>
    `${control} ${invalid ? 'border-red-600 dark:border-red-500' : 'border-zinc-300 dark:border-zinc-700'}`,
  label: 'text-sm font-medium',
  help: 'text-xs text-zinc-600 dark:text-zinc-400',
  error: 'text-xs font-medium text-red-700 dark:text-red-300',
  chip: 'inline-flex cursor-pointer items-center gap-2 rounded-full border border-zinc-300 px-3 py-1.5 text-sm has-checked:border-indigo-400 has-checked:bg-indigo-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:border-zinc-700 dark:has-checked:border-indigo-500 dark:has-checked:bg-indigo-950',
} as const
