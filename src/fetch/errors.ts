// Typed errors for API misuse only. Trouble on the network or at the server is never thrown:
// it becomes a FetchOutcome (RFC 9309 §2.3.1), so a crawler cannot forget to handle it and fail open.

/** What went wrong, as a stable code. */
export type HeedFetchErrorCode = 'invalid-url' | 'unsupported-scheme' | 'invalid-option';

/**
 * Base class of the errors heed/fetch throws (rejects with) for API misuse.
 *
 * @example
 * try {
 *   await client.isAllowed('ftp://example.com/file', 'mybot');
 * } catch (err) {
 *   if (err instanceof HeedFetchError) console.error(err.code, err.message);
 * }
 */
export class HeedFetchError extends Error {
  /** Stable, kebab-case identifier of the mistake. */
  readonly code: HeedFetchErrorCode;

  constructor(code: HeedFetchErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

/**
 * The URL given could not be parsed as an absolute URL.
 *
 * @example
 * robotsLocation('example.com/page'); // throws InvalidUrlError: "example.com/page" is not an absolute URL
 */
export class InvalidUrlError extends HeedFetchError {
  /** The input, as given. */
  readonly url: string;

  constructor(url: string) {
    super(
      'invalid-url',
      `${JSON.stringify(url)} is not an absolute URL (expected http:// or https://)`,
    );
    this.url = url;
  }
}

/**
 * The URL uses a scheme other than http or https; RFC 9309 §2.3 defines the access method
 * for those two only, so heed/fetch will not guess one.
 *
 * @example
 * robotsLocation('ftp://example.com/a'); // throws UnsupportedSchemeError naming "ftp:"
 */
export class UnsupportedSchemeError extends HeedFetchError {
  /** The input, as given. */
  readonly url: string;
  /** The scheme found, with its colon, e.g. `ftp:`. */
  readonly scheme: string;

  constructor(url: string, scheme: string) {
    super(
      'unsupported-scheme',
      `${JSON.stringify(url)} uses the scheme "${scheme}"; only http: and https: have a robots.txt (RFC 9309 §2.3)`,
    );
    this.url = url;
    this.scheme = scheme;
  }
}

/**
 * An option of {@link createRobotsClient} (or another factory) has a value it cannot work with.
 *
 * @example
 * createRobotsClient({ maxRedirects: -1 }); // throws InvalidOptionError naming maxRedirects
 */
export class InvalidOptionError extends HeedFetchError {
  /** The option's name. */
  readonly option: string;
  /** The value given. */
  readonly value: unknown;

  constructor(option: string, value: unknown, expected: string) {
    super('invalid-option', `option ${option} is ${describe(value)}; expected ${expected}`);
    this.option = option;
    this.value = value;
  }
}

function describe(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || value == null)
    return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value;
}
