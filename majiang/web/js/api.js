// HTTP API (docs/protocol.md section 4) and the session token.
const TOKEN_KEY = "majiang.token";

export function getToken() { return localStorage.getItem(TOKEN_KEY); }
export function setToken(token) {
  const old = localStorage.getItem(TOKEN_KEY);
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else {
    localStorage.removeItem(TOKEN_KEY);
    // logging out revokes the session on the server too (and clears its cookie)
    if (old) fetch("/api/logout", { method: "POST", headers: { Authorization: `Bearer ${old}` } }).catch(() => {});
  }
}

export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

/** Call the API: JSON in, JSON out; a 4xx/5xx becomes an ApiError with the server's message. */
export async function api(method, path, body) {
  const headers = { Accept: "application/json" };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  const text = await res.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = { error: text }; }
  }
  if (!res.ok) {
    const msg = data && (data.error || data.detail) ? (data.error || JSON.stringify(data.detail))
      : `${res.status} ${res.statusText}`;
    throw new ApiError(res.status, typeof msg === "string" ? msg : JSON.stringify(msg));
  }
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body = {}) => api("POST", path, body);

let cookieFor = null;  // the token the session cookie was last set to from this page

/** Before a table socket opens: the HttpOnly session cookie set to this page's token (the
 * server sets it at log-in too; this covers a token that came another way). Once per token. */
export async function socketReady() {
  const token = getToken();
  if (!token || token === cookieFor) return;
  try { await post("/api/cookie"); cookieFor = token; } catch { /* the socket will say why */ }
}

/** The WebSocket address of a table for this page's host. No token in it: the browser sends
 * the session cookie with the upgrade (protocol.md section 6); call `socketReady()` first. */
export function tableSocketUrl(code) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(code)}`;
}
