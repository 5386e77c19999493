import Link from 'next/link'

export default function NotFound() {
  return (
    <main className="mx-auto max-w-4xl px-6 py-12">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-3">
        <Link className="underline" href="/">
          Back to the start page
        </Link>
      </p>
    </main>
  )
}
