// The operations an API key may be allowed to call.
export const scopes = ['portfolio:read', 'routes:create', 'routes:read'] as const
export type Scope = (typeof scopes)[number]

export function isScope(value: string): value is Scope {
  return (scopes as readonly string[]).includes(value)
}
