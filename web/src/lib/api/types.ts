/**
 * The API's shapes, generated from the server's OpenAPI document (`src/lib/api/openapi.json`,
 * kept equal to what the server serves by a Rust test; `npm run api:types` regenerates
 * `schema.d.ts`). Features name the shapes they use through this, never by hand.
 */
import type { components, paths } from './schema';

type Schemas = components['schemas'];

export type ApiSchema<Name extends keyof Schemas> = Schemas[Name];

export type { paths };

/** Every path template of the API (`/Interview/NextStep/{inviteId}`). */
export type ApiPath = keyof paths;

export type ApiMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The methods a path has (the generator writes the others as `?: never`). */
export type MethodsOf<P extends ApiPath> = {
  [M in ApiMethod]: [NonNullable<paths[P][M]>] extends [never] ? never : M;
}[ApiMethod];

/** The paths that answer `M`. */
export type PathsWith<M extends ApiMethod> = { [P in ApiPath]: M extends MethodsOf<P> ? P : never }[ApiPath];

type Operation<P extends ApiPath, M extends MethodsOf<P>> = NonNullable<paths[P][M]>;

type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : undefined;

/** The JSON a successful (2xx) answer of `M P` carries. */
export type ApiAnswer<P extends ApiPath, M extends MethodsOf<P>> = {
  [S in keyof Operation<P, M>['responses']]: S extends 200 | 201 | 202 | 204 ? JsonOf<Operation<P, M>['responses'][S]> : never;
}[keyof Operation<P, M>['responses']];

/** The request body of `M P` (JSON, or a multipart form's fields). */
export type ApiBody<P extends ApiPath, M extends MethodsOf<P>> =
  Operation<P, M> extends { requestBody: { content: infer C } } ? C[keyof C] : never;

/** The path and query parameters of `M P`. */
export type ApiParams<P extends ApiPath, M extends MethodsOf<P>> = Operation<P, M>['parameters'];
