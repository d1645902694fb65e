/** The settings' shapes (the templates themselves are `@/lib/queries/email-templates`'). */
import type { ApiSchema } from '@/lib/api/types';

/** `PUT /Settings/EmailTemplates`. */
export type SaveTemplateInput = ApiSchema<'SaveTemplateBody'>;

/** A candidate's request to erase their data; its name and e-mail are cleared once decided. */
export type ErasureRequest = ApiSchema<'ErasureRequest'>;

/** What a confirmed request erased (candidate rows, files, calls, outbox mails). */
export type ErasureConfirmed = ApiSchema<'Confirmed'>;

/** A candidate's request for an alternative process or an accommodation, and the team's answer. */
export type AccommodationRequest = ApiSchema<'AccommodationRequest'>;

/** `GET /Settings/Organization`: the name careers pages and candidates' e-mails use. */
export type Organization = ApiSchema<'Organization'>;

/** `PUT /Settings/Organization` (admins). */
export type OrganizationInput = ApiSchema<'OrganizationBody'>;

/** An integrator's API token as Settings › API tokens lists it (never its secret). */
export type ApiToken = ApiSchema<'ApiToken'>;

/** What an API token may do (`candidates:read`, …). */
export type ApiScope = ApiSchema<'Scope'>;

/** `POST /Settings/ApiTokens` (admins). */
export type NewApiTokenInput = ApiSchema<'NewApiToken'>;

/** A new token and its secret, which is shown only once. */
export type CreatedApiToken = ApiSchema<'CreatedApiToken'>;
/** `GET /Settings/Webhooks`: the subscribed endpoints and the event types (admins). */
export type WebhookList = ApiSchema<'WebhookList'>;

/** A subscribed endpoint (its secret is shown only when created or rotated). */
export type WebhookEndpoint = ApiSchema<'WebhookEndpoint'>;

/** `POST /Settings/Webhooks`. */
export type NewWebhookInput = ApiSchema<'NewWebhookBody'>;

/** An endpoint with its secret, shown this once. */
export type WebhookSecret = ApiSchema<'WebhookSecret'>;

/** One delivery of an endpoint's log. */
export type WebhookDelivery = ApiSchema<'WebhookDelivery'>;
