/**
 * Saves a file the server wrote (an export) under the name its Content-Disposition gives, or
 * `fallback` without one. The API needs the bearer header, so the file is fetched, not linked;
 * the browser saves it through a blob link. Resolves to the name it was saved under.
 */
export async function saveDownload(res: Response, fallback: string): Promise<string> {
  const filename =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return filename;
}
