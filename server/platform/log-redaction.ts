// Password-reset links carry a secret in their path; logs keep the shape of the URL, never the token.
const RESET_PATHS = [
  /^(\/reset-password\/[^/?#]+\/)[^/?#]+/,
  /^(\/api\/accounts\/password-reset\/[^/?#]+\/)[^/?#]+/,
];

export function redactUrl(url: string): string {
  for (const pattern of RESET_PATHS) {
    if (pattern.test(url)) return url.replace(pattern, '$1[redacted]');
  }
  return url;
}
