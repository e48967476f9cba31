// The shared endpoint catalogue writes paths as `{param}` templates (SERVICE-API.md's form);
// Fastify wants `:param`.

export const routePath = (template: string) => template.replace(/\{(\w+)\}/g, ':$1');
