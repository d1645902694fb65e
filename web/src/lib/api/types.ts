/**
 * The API's shapes, generated from the server's OpenAPI document (`src/lib/api/openapi.json`,
 * kept equal to what the server serves by a Rust test; `npm run api:types` regenerates
 * `schema.d.ts`). Features name the shapes they use through this, never by hand.
 */
import type { components } from './schema';

type Schemas = components['schemas'];

export type ApiSchema<Name extends keyof Schemas> = Schemas[Name];
