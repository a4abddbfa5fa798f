// The fair shuffle's checks in the browser (docs/fair-shuffle.md, majiang/server/fairness.py,
// majiang/verify_cli.py): the commitment and the seed with the browser's SHA-256, the wall by
// CPython's own `random.Random("majiang-v1:" + seed).shuffle` reimplemented (string seeding of
// version 2, MT19937, `_randbelow` by getrandbits with rejection), the deal taken from the wall.
// Pure: no page, no fetch (verify.js draws the page).

export const SCHEME = "majiang-fair-v1";
export const SEED_KEY = "majiang-v1";  // game/wall.py SEED_KEY: every RNG version shuffles alike
export const RNG_VERSIONS = ["majiang-v1", "majiang-v2", "majiang-v3"];

const utf8 = (text) => new TextEncoder().encode(text);
const hexOf = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** The browser's SubtleCrypto (only in a secure context: https, or localhost). */
function subtle() {
  if (!globalThis.crypto || !globalThis.crypto.subtle)
    throw new Error("浏览器不提供 SHA-256（需要 https）/ this browser offers no SHA-256 here (the page needs https)");
  return globalThis.crypto.subtle;
}

export async function sha256Hex(text) {
  return hexOf(new Uint8Array(await subtle().digest("SHA-256", utf8(text))));
}

/** fairness.commitment: sha256("majiang-fair-v1:commit:" + secret + ":" + nonce), hex. */
export function commitmentOf(secret, nonce) {
  return sha256Hex(`${SCHEME}:commit:${secret}:${nonce}`);
}

/** fairness.seed_of: the first 16 hex digits of sha256(seed text) >> 2, as a decimal string. */
export async function seedOf(secret, nonce) {
  const digest = await sha256Hex(`${SCHEME}:seed:${secret}:${nonce}`);
  return (BigInt(`0x${digest.slice(0, 16)}`) >> 2n).toString();
}

// ---- CPython's Mersenne Twister (Modules/_randommodule.c) ------------------------------------
const N = 624;
const M = 397;

export class PyRandom {
  /** init_by_array(key): `key` is the seed's 32-bit words, least significant first. */
  constructor(key) {
    const mt = new Uint32Array(N);
    mt[0] = 19650218;
    for (let i = 1; i < N; i++) mt[i] = Math.imul(1812433253, mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k; k--) {
      mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1664525)) >>> 0) + key[j] + j;
      i++; j++;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k; k--) {
      mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1566083941)) >>> 0) - i;
      i++;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
    }
    mt[0] = 0x80000000;
    this.mt = mt;
    this.index = N;
  }

  /**
   * `random.Random(text)` (seed version 2): the text's UTF-8 bytes with their SHA-512 digest
   * appended, read as one big-endian integer, fed to init_by_array as 32-bit words.
   */
  static async fromString(text) {
    const bytes = utf8(text);
    const digest = new Uint8Array(await subtle().digest("SHA-512", bytes));
    let n = BigInt(`0x${hexOf(bytes)}${hexOf(digest)}`);
    const key = [];
    while (n > 0n) { key.push(Number(n & 0xffffffffn)); n >>= 32n; }
    return new PyRandom(key.length ? key : [0]);
  }

  /** genrand_uint32: the next tempered 32-bit output. */
  uint32() {
    const mt = this.mt;
    if (this.index >= N) {
      for (let kk = 0; kk < N; kk++) {
        const y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % N] & 0x7fffffff);
        mt[kk] = mt[(kk + M) % N] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** getrandbits(k) for 1 <= k <= 32. */
  getrandbits(k) {
    return this.uint32() >>> (32 - k);
  }

  /** _randbelow_with_getrandbits(n): k = n.bit_length() bits, drawn again while >= n. */
  randbelow(n) {
    const k = 32 - Math.clz32(n);
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** random.shuffle: from the last index down, swap with randbelow(i + 1). */
  shuffle(x) {
    for (let i = x.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      [x[i], x[j]] = [x[j], x[i]];
    }
    return x;
  }
}

/** The unshuffled wall: each kind (in kind order) `copies` times (tiles.full_set). */
export function fullSet(kindNames, copies) {
  return kindNames.flatMap((k) => Array(copies).fill(k));
}

/** game.wall.shuffled_wall: the wall of `seed` in taking order, as tile names. */
export async function wallOf(kindNames, copies, seed) {
  const rng = await PyRandom.fromString(`${SEED_KEY}:${seed}`);
  return rng.shuffle(fullSet(kindNames, copies));
}

/**
 * The deal from the wall's head (game/draws.py deal): three rounds of four tiles each from the
 * dealer on, one tile each, the dealer's fourteenth. Per seat the wall indices it was dealt.
 */
export function dealIndices(players, dealer) {
  const order = Array.from({ length: players }, (_, i) => (dealer + i) % players);
  const seats = Array.from({ length: players }, () => []);
  let next = 0;
  for (let round = 0; round < 3; round++)
    for (const s of order) for (let k = 0; k < 4; k++) seats[s].push(next++);
  for (const s of order) seats[s].push(next++);
  seats[dealer].push(next++);
  return seats;
}

const sortedKey = (tiles) => [...tiles].sort().join(",");

/** The same tiles, in any order. */
export function sameTiles(a, b) {
  return Array.isArray(a) && Array.isArray(b) && sortedKey(a) === sortedKey(b);
}

/**
 * A record's JSON with every integer beyond 2^53 kept as its digits (a string): the seed has
 * 62 bits, which a JavaScript number would round.
 */
export function parseRecord(text) {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === "-" || (ch >= "0" && ch <= "9")) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      const token = m ? m[0] : ch;
      const big = /^-?\d+$/.test(token) && !Number.isSafeInteger(Number(token));
      out += big ? `"${token}"` : token;
      i += token.length;
    } else {
      out += ch;
      i += 1;
    }
  }
  return JSON.parse(out);
}

const check = (id, ok, detail = {}) => ({ id, ok, ...detail });

/**
 * Every check of a record with its `fair` block, as `{id, ok, ...}` (ok: true, false, or null
 * when the record has nothing to check): `commitment` (the scheme, and sha256 of secret and
 * nonce equals the commitment), `announced` (equals the commitment this device was shown at
 * the deal, when it was), `seed`, `wall` (the seed's shuffle equals the block's wall and the
 * record's explicit wall), `deal` (each seat's dealt tiles in the record's events are the wall's).
 * `ruleset` is `{kind_names, copies}` of the record's ruleset (GET /api/rules/ID); `seen` the
 * commitment shown at the deal, if any. Also returns the recomputed values.
 */
export async function checkRecord(record, ruleset, seen = null) {
  const fair = record && typeof record.fair === "object" && record.fair ? record.fair : {};
  const secret = fair.secret ? String(fair.secret) : "";
  const nonce = fair.nonce != null ? String(fair.nonce) : "";
  const checks = [];
  const computed = { commitment: null, seed: null, wall: null, deals: null };
  if (fair.scheme !== SCHEME) checks.push(check("commitment", false, { why: "scheme", got: fair.scheme }));
  else if (!secret) checks.push(check("commitment", false, { why: "secret" }));
  else {
    computed.commitment = await commitmentOf(secret, nonce);
    checks.push(check("commitment", computed.commitment === fair.commitment,
      { got: computed.commitment, want: fair.commitment }));
  }
  if (seen) checks.push(check("announced", seen === fair.commitment, { got: fair.commitment, want: seen }));
  const recordSeed = record.seed == null ? "" : String(record.seed);
  if (secret) {
    computed.seed = await seedOf(secret, nonce);
    checks.push(check("seed", computed.seed === recordSeed, { got: computed.seed, want: recordSeed }));
  } else checks.push(check("seed", false, { why: "secret" }));
  if (!RNG_VERSIONS.includes(record.rng) || !/^-?\d+$/.test(recordSeed)) {
    checks.push(check("wall", false, { why: "rng", got: record.rng }));
    return { checks, computed };
  }
  const wall = await wallOf(ruleset.kind_names, ruleset.copies, recordSeed);
  computed.wall = wall;
  const shown = [fair.wall, record.wall].filter((w) => Array.isArray(w));
  const differ = shown.length ? shown.map((w) => wall.findIndex((t, i) => w[i] !== t || w.length !== wall.length)) : [];
  checks.push(check("wall", shown.length ? differ.every((i) => i < 0) : null,
    { why: shown.length ? null : "no_wall", at: differ.find((i) => i >= 0) }));
  const players = Array.isArray(record.seats) ? record.seats.length : 0;
  const dealt = new Map((record.events || []).filter((e) => e && e.type === "deal").map((e) => [e.seat, e.tiles]));
  const indices = players ? dealIndices(players, Number(record.dealer) || 0) : [];
  computed.deals = indices.map((idx, seat) => {
    const tiles = idx.map((i) => wall[i]);
    return { seat, indices: idx, tiles, recorded: dealt.get(seat) || null, ok: sameTiles(tiles, dealt.get(seat)) };
  });
  checks.push(check("deal", computed.deals.length > 0 && computed.deals.every((d) => d.ok),
    { bad: computed.deals.filter((d) => !d.ok).map((d) => d.seat) }));
  return { checks, computed };
}
