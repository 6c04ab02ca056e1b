/** The browser the end-to-end tests drive: CHROME_PATH, else Debian's headless shell when installed, else its full Chromium. */
export function chromiumPath(): string;
/** chromiumPath(), installing Debian's packages first when none works and we are root. */
export function ensureChromium(): string;
