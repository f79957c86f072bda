// robots-parser 3.0.1, the npm default, as the baseline. Its types declare an ES default export,
// but the package is CommonJS (`module.exports = function`): imported from ESM, the default
// import is the function itself.

import robotsParserModule from 'robots-parser';

export type RobotsParser = ReturnType<typeof robotsParserModule.default>;

export const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;
