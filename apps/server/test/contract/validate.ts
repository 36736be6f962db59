import Ajv from 'ajv';
import addFormats from 'ajv-formats';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, object> };
}
export interface ObservedResponse {
  method: string;
  url: string;
  status: number;
  contentType: string | undefined;
  body: string;
}

/**
 * Checks answers against an OpenAPI 3.1 document (decision 066): the operation (method and path template) is
 * documented, the status is one of its responses, the media type one that response lists, and a
 * JSON body is valid against that media type's schema. Returns what is wrong, nothing when fine.
 */
export function createResponseValidator(document: OpenApiDocument) {
  // 3.1's schemas say null as a type, which JSON Schema draft 7 reads; `example` and the like
  // are annotations, not errors.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ components: document.components ?? {} }, 'openapi.json');
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));

  return function problems(observed: ObservedResponse): string[] {
    const where = `${observed.method} ${observed.url} → ${observed.status}`;
    const pathname = new URL(observed.url, 'http://x').pathname;
    // A literal path wins over a template (`/orders/stats` over `/orders/{id}`).
    const found = templates
      .filter((t) => t.pattern.test(pathname))
      .sort((a, b) => Number(a.template.includes('{')) - Number(b.template.includes('{')))[0];
    const operation = found && document.paths[found.template]?.[observed.method.toLowerCase()];
    if (!found || !operation) return [`${where}: no documented operation`];
    const response = operation.responses[String(observed.status)];
    if (!response) return [`${where}: status not documented for ${found.template}`];
    const media = observed.contentType?.split(';')[0]?.trim();
    if (!response.content || Object.keys(response.content).length === 0) {
      return observed.body === '' ? [] : [`${where}: documented without a body, answered one`];
    }
    const documented = media ? response.content[media] : undefined;
    if (!documented) {
      return [`${where}: content type ${media} not documented (${Object.keys(response.content).join(', ')})`];
    }
    if (media !== 'application/json' || !documented.schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(observed.body);
    } catch {
      return [`${where}: the body is not JSON`];
    }
    const schema = JSON.parse(
      JSON.stringify(documented.schema).replaceAll('"#/components/', '"openapi.json#/components/'),
    ) as object;
    const validate = ajv.compile(schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${where}: body${e.instancePath} ${e.message}`);
  };
}
