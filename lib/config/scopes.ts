// The operations an API key may be allowed to call. `routes:sponsor` is a privilege: routes whose
// fees a sponsor pays (options.sponsorSettings) cost the operator money.
export const scopes = ['portfolio:read', 'routes:create', 'routes:read', 'routes:sponsor'] as const
export type Scope = (typeof scopes)[number]

export function isScope(value: string): value is Scope {
  return (scopes as readonly string[]).includes(value)
}
