// A WHATWG Headers for the Anthropic path without Node's undici: Node's global Headers loads
// undici's whole bundle on first use (about 60 ms of CPU in a one-turn `keel -p`). Behaviour
// follows the Fetch standard: names are tokens, compared case-insensitively; values lose their
// surrounding whitespace and may not hold NUL, CR or LF; repeated names combine with ", ",
// except set-cookie, whose values stay apart when iterated.

/** A header name's characters (RFC 9110 token). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What a value may not hold once trimmed. */
const FORBIDDEN_IN_VALUE = /[\0\r\n]/;
/** HTTP whitespace at either end of a value. */
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** Names already checked, lower-cased: a request's dozen names recur in every request. */
const checkedNames = new Map<string, string>();
const MAX_CHECKED_NAMES = 256;

function checkedName(name: string): string {
  const text = String(name);
  const known = checkedNames.get(text);
  if (known !== undefined) return known;
  if (!TOKEN.test(text))
    throw new TypeError(`Headers: invalid header name: ${JSON.stringify(text)}`);
  const lower = text.toLowerCase();
  if (checkedNames.size < MAX_CHECKED_NAMES) checkedNames.set(text, lower);
  return lower;
}

function isHttpWhitespace(code: number | undefined): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function checkedValue(value: string): string {
  let text = String(value);
  if (isHttpWhitespace(text.charCodeAt(0)) || isHttpWhitespace(text.charCodeAt(text.length - 1)))
    text = text.replace(EDGE_WHITESPACE, "");
  if (FORBIDDEN_IN_VALUE.test(text)) {
    throw new TypeError(`Headers: invalid header value: ${JSON.stringify(text)}`);
  }
  return text;
}

/** What `new Headers(init)` accepts: another Headers, pairs, or a record. */
export type WebHeadersInit =
  | Iterable<readonly [string, string]>
  | Iterable<readonly string[]>
  | Record<string, string | readonly string[]>;

function isIterable(value: object): value is Iterable<readonly string[]> {
  return typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] === "function";
}

function initPairs(init: WebHeadersInit): Iterable<readonly string[]> {
  // A record's values convert to strings, as WebIDL converts them (an array joins with ",").
  return isIterable(init)
    ? init
    : Object.entries(init).map(([name, value]) => [name, String(value)]);
}

/** The Fetch standard's Headers class (named so, as `constructor.name` checks expect). */
export class Headers {
  /** Values by lower-case name, in the order they were appended. */
  readonly #values = new Map<string, string[]>();

  constructor(init?: WebHeadersInit) {
    if (init === undefined || init === null) return;
    for (const pair of initPairs(init)) {
      if (pair.length !== 2)
        throw new TypeError("Headers: each header must be a [name, value] pair");
      this.append(pair[0] as string, pair[1] as string);
    }
  }

  get [Symbol.toStringTag](): string {
    return "Headers";
  }

  append(name: string, value: string): void {
    const key = checkedName(name);
    const text = checkedValue(value);
    const list = this.#values.get(key);
    if (list) list.push(text);
    else this.#values.set(key, [text]);
  }

  set(name: string, value: string): void {
    this.#values.set(checkedName(name), [checkedValue(value)]);
  }

  delete(name: string): void {
    this.#values.delete(checkedName(name));
  }

  has(name: string): boolean {
    return this.#values.has(checkedName(name));
  }

  get(name: string): string | null {
    return this.#values.get(checkedName(name))?.join(", ") ?? null;
  }

  getSetCookie(): string[] {
    return [...(this.#values.get("set-cookie") ?? [])];
  }

  forEach(
    callback: (value: string, name: string, parent: Headers) => void,
    thisArg?: unknown,
  ): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  /** Sorted by name; each set-cookie value on its own, other repeated names combined. */
  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) {
      const values = this.#values.get(name) ?? [];
      if (name === "set-cookie") for (const value of values) yield [name, value];
      else yield [name, values.join(", ")];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}
