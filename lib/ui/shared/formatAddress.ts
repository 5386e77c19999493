// Addresses shortened for tight spaces; the full address stays available to the reader (title, copy).
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}
