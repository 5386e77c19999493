/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // A separate build directory lets several checkouts' test runs build side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The devnet and its tooling never run inside the app bundle; nor does PGlite (loaded from
  // node_modules on the server: bundled, its wasm and data files were emitted among the files
  // served to browsers).
  serverExternalPackages: ['solc', '@foundry-rs/anvil', 'pino', '@electric-sql/pglite'],
  // `npm test` type-checks the whole tree with tsc first (app, lib and tests); it sets this so that
  // next build does not check the app a second time. A plain `next build` still checks it.
  typescript: { ignoreBuildErrors: process.env.NEXT_TYPES_CHECKED === '1' },
}

export default nextConfig
