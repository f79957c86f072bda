// heed core: RFC 9309 robots.txt parsing and matching, platform-free (no Node APIs).
// Public exports, listed explicitly.

export { isValidProductToken, productToken } from './agent.js';
export type { NormalizedPath } from './normalize.js';
export { escapeGooglePattern, normalizePath, normalizePattern } from './normalize.js';
export { DEFAULT_MAX_BYTES } from './parse.js';
export { parse } from './robots.js';
export type {
  AgentRef,
  Diagnostic,
  Explanation,
  Extension,
  Group,
  Mode,
  ParseOptions,
  Reason,
  RobotsTxt,
  RuleKind,
  RuleRef,
  Severity,
} from './types.js';
