import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-zinc-200 bg-white p-6">
      <h1 className="text-lg font-semibold">Not found</h1>
      <p className="mt-2 text-sm text-zinc-600">Nothing is stored under this address. It may have been removed by a rescan.</p>
      <Link href="/handoffs" className="mt-4 inline-block text-sm font-medium text-sky-700 hover:underline">Browse handoffs →</Link>
    </div>
  );
}
