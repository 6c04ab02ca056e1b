export default function AuthPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 px-4">
      <h1 className="text-2xl font-semibold">Demo Sign In</h1>
    </main>
  );
}
