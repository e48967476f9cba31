// The slice of OpenAPI 3.1 this generator writes. Written out here rather than taken from a types
// package: the document uses few of its objects, and a narrow type keeps the docs page honest
// about what it must render.

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) as zod's toJSONSchema produces it. */
export type JsonSchema = Record<string, unknown>;

export type ParameterLocation = 'path' | 'query' | 'header';

export type ParameterObject = {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
};

export type MediaTypeMap = Record<string, { schema: JsonSchema; example?: unknown }>;

export type RequestBodyObject = { required: boolean; content: MediaTypeMap };

export type ResponseObject = { description: string; content?: MediaTypeMap };

/** Scheme name → scopes (always empty here); an empty list of requirements means no auth. */
export type SecurityRequirement = Record<string, string[]>;

export type OperationObject = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: SecurityRequirement[];
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject>;
};

export type HttpVerb = 'get' | 'post' | 'put' | 'delete';

export type PathItemObject = Partial<Record<HttpVerb, OperationObject>>;

export type SecuritySchemeObject =
  | { type: 'http'; scheme: 'bearer'; description?: string }
  | { type: 'apiKey'; in: 'header'; name: string; description?: string };

export type TagObject = { name: string; description?: string };

export type OpenApiDocument = {
  openapi: string;
  info: {
    title: string;
    version: string;
    description?: string;
    contact?: { name: string; url: string };
    license?: { name: string; identifier: string };
  };
  servers: { url: string; description?: string }[];
  tags: TagObject[];
  paths: Record<string, PathItemObject>;
  webhooks: Record<string, PathItemObject>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, SecuritySchemeObject>;
  };
};
