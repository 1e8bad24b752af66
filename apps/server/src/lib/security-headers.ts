/**
 * The security headers, computed once: for the web app's pages and files, its Content-Security-Policy
 * and the usual hardening headers (the values helmet's defaults give for this policy); for the JSON
 * answers of /api, the short set an API needs (a browser never renders them as a document).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob: https://lh3.googleusercontent.com",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
].join(';');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * The headers of every /api answer (besides its Cache-Control): nothing may be loaded, framed or
 * sniffed from it, and it is only read over HTTPS once a browser has seen the site on it. The
 * page-only headers (the app's policy, opener and agent-cluster isolation, legacy IE switches) would
 * add ~500 bytes to every answer and protect nothing a JSON body can do.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': SECURITY_HEADERS['strict-transport-security']!,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});
