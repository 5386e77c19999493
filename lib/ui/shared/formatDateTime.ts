// The dashboard's one date format: "28 Nov 2026, 14:05" in the reader's locale and time zone.
export function formatDateTime(date: Date): string {
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

/** The date alone, in the same format: "28 Nov 2026". */
export function formatDate(date: Date): string {
  return date.toLocaleDateString(undefined, { dateStyle: 'medium' })
}
