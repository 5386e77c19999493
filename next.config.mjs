/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The devnet and its tooling never run inside the app bundle.
  serverExternalPackages: ['solc', '@foundry-rs/anvil'],
}

export default nextConfig
