/** Debian's Chromium, as every browser tool here launches it (no tool downloads a browser of its own). */
export const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium";

/** Runs as root in CI and on a closed network: no sandbox, no GPU, no calls home. */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
];
