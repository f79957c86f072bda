import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  InvalidUrlError,
  originKey,
  robotsLocation,
  robotsUrlFor,
  UnsupportedSchemeError,
} from '../../src/fetch/index.js';

describe('robots URL of a page URL (RFC 9309 §2.3)', () => {
  it('puts /robots.txt at the scheme and authority, dropping path, query and fragment', () => {
    assert.deepEqual(robotsLocation('https://example.com/a/b?c=d#e'), {
      robotsUrl: 'https://example.com/robots.txt',
      origin: 'https://example.com',
    });
  });

  it('drops userinfo, folds default ports and lower-cases the host', () => {
    assert.equal(robotsUrlFor('http://user:pw@EXAMPLE.com:80/x'), 'http://example.com/robots.txt');
    assert.equal(robotsUrlFor('https://Example.COM:443/'), 'https://example.com/robots.txt');
    assert.equal(originKey('HTTPS://Example.com:8443/x'), 'https://example.com:8443');
  });

  it('keeps non-default ports and IPv6 literals', () => {
    assert.equal(robotsUrlFor('http://127.0.0.1:8080/a'), 'http://127.0.0.1:8080/robots.txt');
    assert.equal(robotsUrlFor('http://[::1]:81/a'), 'http://[::1]:81/robots.txt');
  });

  it('encodes internationalized hosts as punycode', () => {
    assert.equal(
      robotsUrlFor('https://bücher.example/'),
      'https://xn--bcher-kva.example/robots.txt',
    );
  });

  it('accepts URL objects', () => {
    assert.equal(robotsUrlFor(new URL('http://a.example/b')), 'http://a.example/robots.txt');
  });

  it('rejects other schemes with a typed error naming the URL and scheme', () => {
    for (const url of ['ftp://example.com/a', 'file:///etc/passwd', 'mailto:a@b.c', 'data:,x']) {
      assert.throws(
        () => robotsLocation(url),
        (err: unknown) =>
          err instanceof UnsupportedSchemeError &&
          err.code === 'unsupported-scheme' &&
          err.url === url &&
          err.message.includes(JSON.stringify(url)),
      );
    }
  });

  it('rejects relative and malformed URLs with a typed error naming the input', () => {
    for (const url of ['example.com/a', '/robots.txt', '', 'http://', 'https://exa mple.com/']) {
      assert.throws(
        () => robotsLocation(url),
        (err: unknown) =>
          err instanceof InvalidUrlError && err.code === 'invalid-url' && err.url === url,
      );
    }
  });
});
