// `npm run mail:outbox`: what an operator's mailer needs from the mail outbox
// (docs/operations.md#mail-outbox), through the running server, so it works
// with the embedded database too. Prints the pending mails as JSON lines
// (oldest first, at most 100); `-- --sent <id> …` marks those sent and prints
// how many were. The server is PUBLIC_URL (or http://127.0.0.1:$PORT); the key
// is SETUP_CONFIRMATION_KEY. Exit code 1 when the server refuses.
import { pathToFileURL } from 'node:url';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export async function mailOutbox(
  argv: string[],
  env: NodeJS.ProcessEnv,
  fetchFn: Fetch = fetch,
): Promise<{ code: number; lines: string[] }> {
  const base = env.PUBLIC_URL || `http://127.0.0.1:${env.PORT || 3000}`;
  const key = env.SETUP_CONFIRMATION_KEY;
  if (!key)
    return { code: 2, lines: ['Set SETUP_CONFIRMATION_KEY to the setup confirmation key.'] };
  const sent = argv[0] === '--sent' ? argv.slice(1) : null;
  if (sent && !sent.length) return { code: 2, lines: ['Name the ids to mark sent after --sent.'] };
  const res = await fetchFn(`${base}/api/setup/mail-outbox${sent ? '/sent' : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ confirmation_key: key, ...(sent ? { ids: sent } : {}) }),
  });
  const body = (await res.json().catch(() => null)) as {
    mails?: unknown[];
    marked?: number;
    error?: { message: string };
  } | null;
  if (!res.ok)
    return { code: 1, lines: [`${res.status}: ${body?.error?.message ?? res.statusText}`] };
  if (sent) return { code: 0, lines: [JSON.stringify({ marked: body!.marked })] };
  return { code: 0, lines: body!.mails!.map((mail) => JSON.stringify(mail)) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  mailOutbox(process.argv.slice(2), process.env).then(
    ({ code, lines }) => {
      for (const line of lines) (code ? console.error : console.log)(line);
      process.exit(code);
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(2);
    },
  );
}
