/**
 * zod's English messages ("Invalid input: expected string, received number"), which the tool shows as
 * it received them. The schemas are built with zod/mini (src/api/schemas.ts, src/config/contextFile.ts),
 * which has no locale of its own until given one; zod's full build set this one as it loaded, with
 * every schema method installed on each kind's prototype as its first schema was built: ~1.4 MB of
 * allocation and several milliseconds of every start, for methods the tool never calls.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());
