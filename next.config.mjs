/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // A separate build directory lets several checkouts' test runs build side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The devnet and its tooling never run inside the app bundle.
  serverExternalPackages: ['solc', '@foundry-rs/anvil', 'pino'],
}

export default nextConfig
