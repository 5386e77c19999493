// The devnet's demo account (anvil's default mnemonic, index 1). Written out rather than derived
// from lib/devnet/demoAccount so the mnemonic never reaches the browser bundle; a test keeps the two equal.
export const demoAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
